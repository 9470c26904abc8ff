import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from '../../../app/router/MemoryRouter.tsx';
import { expect, userEvent, within } from 'storybook/test';
import { ApplicationsTable } from '../../../app/components/ApplicationsTable.tsx';
import { appText, appTextBefore, asShown, storyLanguage } from '../../appText.ts';
import { serverMessage } from './serverText.ts';
import { GENERATED_APPLICATIONS, mockFilesApi, signIn, type FilesApi } from './mockApi.ts';

/** A client's applications with their generated PDFs, as on the client profile. */
const meta = {
  title: 'App/Applications table',
  component: ApplicationsTable,
  args: { applications: GENERATED_APPLICATIONS },
  // No docs page: each story swaps window.fetch for its own stand-in API, which a page of all of them would mix up.
  tags: ['!autodocs'],
  decorators: [
    // Each status badge links to its application's page.
    (Story) => (
      <MemoryRouter initialEntries={['/client/profile/8']}>
        <div className="card">
          <Story />
        </div>
      </MemoryRouter>
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
    await expect(
      canvas.getByRole('button', { name: appText('applications.documents.download', { name: 'BMO Insurance' }) }),
    ).toBeVisible();
    const earlier = asShown(appTextBefore('applications.documents.earlier', 'dates'));
    await expect(canvas.getByText((text) => text.startsWith(earlier))).toBeVisible();
    await expect(canvas.getByText(asShown(appText('applications.documents.none')))).toBeVisible();
  },
};

export const Downloading: Story = {
  beforeEach: files('hang'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      canvas.getByRole('button', { name: appText('applications.documents.download', { name: 'Sun Life' }) }),
    );
    // Busy, the button keeps the file's name for a screen reader: "Downloading... Sun Life".
    const busy = `${appText('applications.documents.downloading')} Sun Life`;
    await expect(await canvas.findByRole('button', { name: busy })).toHaveAttribute('aria-busy', 'true');
  },
};

export const DownloadFails: Story = {
  beforeEach: files('error'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      canvas.getByRole('button', { name: appText('applications.documents.download', { name: 'Beneva' }) }),
    );
    await expect(await canvas.findByRole('alert')).toHaveTextContent(serverMessage('notFound', storyLanguage()));
  },
};

export const NoApplications: Story = { args: { applications: [] } };

/** An application started on questions that changed since: "Questions updated" beside its status. */
export const QuestionsUpdated: Story = {
  args: { applications: GENERATED_APPLICATIONS.map((a, i) => ({ ...a, definitions_changed: i === 0 })) },
  beforeEach: files('ok'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByText(asShown(appText('applications.table.questionsUpdated')))).toHaveLength(1);
  },
};

/**
 * On a client's profile: the client's role on each application, and for another client's application (the client is
 * its second insured) a link to that client.
 */
export const OnClientProfile: Story = {
  args: {
    forClient: 8,
    applications: GENERATED_APPLICATIONS.map((a, i) =>
      i === 0
        ? { ...a, client_id: 7, client_name: 'Arjun Mehta', role: 'Insured 2, joint owner' }
        : { ...a, client_id: 8, client_name: 'Emily Mehta', role: 'Insured 1, owner' },
    ),
  },
  beforeEach: files('ok'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('columnheader', { name: appText('applications.table.role') })).toBeVisible();
    await expect(canvas.getByText('Insured 2, joint owner')).toBeVisible();
    await expect(
      canvas.getByRole('link', { name: appText('applications.table.someonesApplication', { name: 'Arjun Mehta' }) }),
    ).toHaveAttribute('href', '/client/profile/7');
  },
};
