import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ApplicationsTable } from '../../../app/components/ApplicationsTable.tsx';
import { GENERATED_APPLICATIONS, mockFilesApi, signIn, type FilesApi } from './mockApi.ts';

/** A client's applications with their generated PDFs, as on the client profile. */
const meta = {
  title: 'App/Applications table',
  component: ApplicationsTable,
  args: { applications: GENERATED_APPLICATIONS },
  // No docs page: each story swaps window.fetch for its own stand-in API, which a page of all of them would mix up.
  tags: ['!autodocs'],
  decorators: [
    (Story) => (
      <div className="card">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ApplicationsTable>;
export default meta;

type Story = StoryObj<typeof meta>;

const files =
  (mode: FilesApi): Story['beforeEach'] =>
  () => {
    const signOut = signIn();
    const restore = mockFilesApi(mode);
    return () => {
      restore();
      signOut();
    };
  };

/** The newest generation's PDFs per application, earlier generations by date, and "None yet" before any. */
export const WithDocuments: Story = {
  beforeEach: files('ok'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Download BMO Insurance' })).toBeVisible();
    await expect(canvas.getByText(/^Earlier: /)).toBeVisible();
    await expect(canvas.getByText('None yet')).toBeVisible();
  },
};

export const Downloading: Story = {
  beforeEach: files('hang'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Download Sun Life' }));
    await expect(await canvas.findByRole('button', { name: /Downloading\.\.\..*Sun Life/ })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

export const DownloadFails: Story = {
  beforeEach: files('error'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Download Beneva' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('File not found');
  },
};

export const NoApplications: Story = { args: { applications: [] } };

/** An application started on questions that changed since: "Questions updated" beside its status. */
export const QuestionsUpdated: Story = {
  args: { applications: GENERATED_APPLICATIONS.map((a, i) => ({ ...a, definitions_changed: i === 0 })) },
  beforeEach: files('ok'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByText('Questions updated')).toHaveLength(1);
  },
};
