import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from '../../../app/router/MemoryRouter.tsx';
import { userEvent, within } from 'storybook/test';
import { TopNav } from '../../../app/components/TopNav.tsx';
import { appText } from '../../appText.ts';
import { signIn } from './mockApi.ts';

/** The navigation bar of signed-in pages, with the user menu. */
const meta = {
  title: 'App/Nav',
  component: TopNav,
  parameters: {
    layout: 'fullscreen',
    route: '/dashboard',
  },
  decorators: [
    (Story, { parameters }) => (
      <MemoryRouter initialEntries={[parameters.route as string]}>
        <Story />
      </MemoryRouter>
    ),
  ],
  beforeEach: () => signIn('margaret.adviser@example.com'),
} satisfies Meta<typeof TopNav>;
export default meta;

type Story = StoryObj<typeof meta>;

export const OnTheDashboard: Story = {};

export const OnApplications: Story = { parameters: { route: '/applications' } };

export const UserMenuOpen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /margaret/i }));
    await canvas.findByRole('menuitem', { name: appText('common.userMenu.logout') });
  },
};

export const NoUsername: Story = {
  beforeEach: () => {
    sessionStorage.removeItem('username');
  },
};
