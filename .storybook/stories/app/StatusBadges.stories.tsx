import type { Meta, StoryObj } from '@storybook/react-vite';
import { statusBadgeClass } from '../../../app/format.ts';
import { ApplicationsTable } from '../../../app/components/ApplicationsTable.tsx';
import { SAMPLE_APPLICATIONS } from './mockApi.ts';

const STATUSES = ['DRAFT', 'SUBMITTED', 'IN_REVIEW', 'ISSUED', 'DECLINED', null];

/** Application status badges: yellow DRAFT, blue SUBMITTED, purple IN_REVIEW, green ISSUED, red anything else. */
function StatusBadges({ statuses }: { statuses: (string | null)[] }) {
  return (
    <div className="btn-group">
      {statuses.map((status) => (
        <span key={String(status)} className={statusBadgeClass(status)}>
          {status ? status.replace(/_/g, ' ') : 'UNKNOWN'}
        </span>
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
  render: () => (
    <div className="card">
      <ApplicationsTable applications={SAMPLE_APPLICATIONS} />
    </div>
  ),
};

export const NoApplications: Story = {
  render: () => (
    <div className="card">
      <ApplicationsTable applications={[]} />
    </div>
  ),
};
