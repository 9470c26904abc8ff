import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Toast, useToast } from '../../../app/components/Toast.tsx';
import { TOAST_MS } from '../../../app/components/toastMs.ts';

/** The toast region; a toast closes by itself after 3 seconds. */
const meta = {
  title: 'App/Toast',
  component: Toast,
  args: { onClose: fn() },
} satisfies Meta<typeof Toast>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Success: Story = { args: { toast: { id: 1, text: 'Client deleted successfully', kind: 'success' } } };
export const Error: Story = { args: { toast: { id: 2, text: 'Error deleting client', kind: 'error' } } };

function ToastDemo() {
  const { toast, show, close } = useToast();
  return (
    <>
      <div className="btn-group">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => show('Client deleted successfully', 'success')}
        >
          Show success
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => show('Error deleting client', 'error')}>
          Show error
        </button>
      </div>
      <Toast toast={toast} onClose={close} />
    </>
  );
}

export const ClosesAfterThreeSeconds: Story = {
  args: { toast: null },
  render: () => <ToastDemo />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Show success' }));
    await canvas.findByText('Client deleted successfully');
    await waitFor(() => expect(canvas.queryByText('Client deleted successfully')).toBeNull(), {
      timeout: TOAST_MS + 2000,
    });
  },
};
