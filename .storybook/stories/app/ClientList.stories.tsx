import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from '../../../app/router/MemoryRouter.tsx';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ClientList } from '../../../app/components/ClientList.tsx';
import { appText, asShown } from '../../appText.ts';
import { mockClientsApi, signIn, type ClientsApi } from './mockApi.ts';

/** The dashboard's client list: search, table, row menu, delete dialog and toast, over a stand-in API. */
const meta = {
  title: 'App/Client table',
  component: ClientList,
  parameters: { layout: 'fullscreen' },
  // No docs page: each story swaps window.fetch for its own stand-in API, which a page of all of them would mix up.
  tags: ['!autodocs'],
  decorators: [
    (Story) => (
      <MemoryRouter initialEntries={['/dashboard']}>
        <Story />
      </MemoryRouter>
    ),
  ],
} satisfies Meta<typeof ClientList>;
export default meta;

type Story = StoryObj<typeof meta>;

const api =
  (mode: ClientsApi): Story['beforeEach'] =>
  () => {
    const signOut = signIn();
    const restore = mockClientsApi(mode);
    return () => {
      restore();
      signOut();
    };
  };

export const WithClients: Story = {
  beforeEach: api('ok'),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Daniel Tremblay');
  },
};

export const NoClients: Story = {
  beforeEach: api('empty'),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(asShown(appText('clients.list.emptyTitle')));
  },
};

export const Loading: Story = { beforeEach: api('loading') };

export const LoadError: Story = {
  beforeEach: api('error'),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('alert');
  },
};

export const SearchWithNoMatch: Story = {
  beforeEach: api('ok'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Daniel Tremblay');
    await userEvent.type(canvas.getByRole('searchbox'), 'zzz');
    await canvas.findByText(asShown(appText('clients.list.noMatch', { search: 'zzz' })));
  },
};

export const RowMenuOpen: Story = {
  beforeEach: api('ok'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: appText('common.rowMenu.actionsFor', { label: 'Daniel Tremblay' }) }),
    );
    await canvas.findByRole('menuitem', { name: appText('common.rowMenu.delete') });
  },
};

export const DeleteDialog: Story = {
  beforeEach: api('ok'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: appText('common.rowMenu.actionsFor', { label: 'Daniel Tremblay' }) }),
    );
    await userEvent.click(await canvas.findByRole('menuitem', { name: appText('common.rowMenu.delete') }));
    const dialog = await canvas.findByRole('alertdialog', { name: appText('clients.delete.title') });
    await expect(within(dialog).getByRole('button', { name: appText('common.dialog.cancel') })).toHaveFocus();
  },
};

export const DeletedWithToast: Story = {
  beforeEach: api('ok'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: appText('common.rowMenu.actionsFor', { label: 'Arjun Mehta' }) }),
    );
    await userEvent.click(await canvas.findByRole('menuitem', { name: appText('common.rowMenu.delete') }));
    await userEvent.click(
      within(await canvas.findByRole('alertdialog')).getByRole('button', { name: appText('clients.delete.confirm') }),
    );
    await canvas.findByText(asShown(appText('clients.list.deleted')));
    await waitFor(() => expect(canvas.queryByText('Arjun Mehta')).toBeNull());
  },
};

export const DeleteFailsWithToast: Story = {
  beforeEach: api('delete-fails'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: appText('common.rowMenu.actionsFor', { label: 'Arjun Mehta' }) }),
    );
    await userEvent.click(await canvas.findByRole('menuitem', { name: appText('common.rowMenu.delete') }));
    await userEvent.click(
      within(await canvas.findByRole('alertdialog')).getByRole('button', { name: appText('clients.delete.confirm') }),
    );
    await canvas.findByText(asShown(appText('clients.list.deleteFailed')));
  },
};
