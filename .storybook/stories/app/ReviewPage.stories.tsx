import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { definitions } from '../../steps/definitions.ts';
import { StepCanvas } from '../../steps/StepCanvas.tsx';

/**
 * The review page: every earlier step's answers under the titles of the review step's `ui:review`, each with Edit.
 * The same page shows under Steps with one story per example of the review step.
 */
const review = definitions.flow.review;
const [firstExample] = Object.values(definitions.steps[review].examples);

const meta = {
  title: 'App/Review page',
  component: StepCanvas,
  parameters: { layout: 'fullscreen' },
  argTypes: { stepId: { control: false } },
} satisfies Meta<typeof StepCanvas>;
export default meta;

type Story = StoryObj<typeof meta>;

export const CompleteApplication: Story = {
  args: { stepId: review, data: firstExample?.data ?? {} },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('button', { name: /^Edit / }).length).toBeGreaterThan(0);
    await userEvent.click(canvasElement.querySelector<HTMLButtonElement>('[data-action="next"]')!);
    await canvas.findByText(/Next goes on to/);
  },
};

export const NothingAnswered: Story = { args: { stepId: review, data: {} } };
