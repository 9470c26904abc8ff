import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ConfirmDialog } from '../../../app/components/ConfirmDialog.tsx';

/** The delete dialog: focus starts on Cancel, Tab stays inside, Escape or the backdrop cancels. */
const meta = {
  title: 'App/Delete dialog',
  component: ConfirmDialog,
  parameters: { layout: 'fullscreen' },
  args: {
    title: 'Delete Client',
    confirmLabel: 'Delete',
    danger: true,
    onConfirm: fn(),
    onCancel: fn(),
    children: (
      <>
        <p className="dialog-text">
          Are you sure you want to delete <strong>Daniel Tremblay</strong>?
        </p>
        <p className="dialog-text">This action cannot be undone.</p>
      </>
    ),
  },
  argTypes: { children: { control: false } },
} satisfies Meta<typeof ConfirmDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Deleting: Story = { args: { busy: true } };
