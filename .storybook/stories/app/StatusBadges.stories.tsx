import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from '../../../app/router/MemoryRouter.tsx';
import { StatusBadge } from '../../../app/components/StatusBadge.tsx';
import { lifecycle } from '../../../app/lifecycle.ts';
import { ApplicationsTable } from '../../../app/components/ApplicationsTable.tsx';
import { SAMPLE_APPLICATIONS } from './mockApi.ts';

const STATUSES = [...Object.keys(lifecycle.statuses), null];

/** Application status badges, in steps/lifecycle.json's labels and colours; an unknown status is neutral. */
function StatusBadges({ statuses }: { statuses: (string | null)[] }) {
  return (
    <div className="btn-group">
      {statuses.map((status) => (
        <StatusBadge key={String(status)} status={status} />
      ))}
    </div>
  );
}

const meta = {
  title: 'App/Status badges',
  component: StatusBadges,
  args: { statuses: STATUSES },
} satisfies Meta<typeof StatusBadges>;
export default meta;

type Story = StoryObj<typeof meta>;

export const AllStatuses: Story = {};

/** The badges where advisers see them: a client's applications table. */
export const InTheApplicationsTable: Story = {
  // Each badge links to its application's page.
  render: () => (
    <MemoryRouter initialEntries={['/client/profile/8']}>
      <div className="card">
        <ApplicationsTable applications={SAMPLE_APPLICATIONS} />
      </div>
    </MemoryRouter>
  ),
};

export const NoApplications: Story = {
  render: () => (
    <div className="card">
      <ApplicationsTable applications={[]} />
    </div>
  ),
};
