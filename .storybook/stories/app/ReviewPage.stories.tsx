import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { definitions, definitionsIn } from '../../steps/definitions.ts';
import { StepCanvas } from '../../steps/StepCanvas.tsx';
import { canvasText } from '../../steps/canvasTexts.ts';
import { asShown, storyLanguage } from '../../appText.ts';

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
    const language = storyLanguage();
    const { definitions: localized, engine } = definitionsIn(language);
    const { steps, order } = localized;
    // The review's Edit label (steps/<review>/ui.json, in the language shown), before each section's title.
    const edit = (steps[review].ui['ui:options'] as { editLabel: string }).editLabel;
    const editButtons = canvas.getAllByRole('button', { name: (name) => name.startsWith(`${edit} `) });
    await expect(editButtons.length).toBeGreaterThan(0);
    await userEvent.click(canvasElement.querySelector<HTMLButtonElement>('[data-action="next"]')!);
    const data = firstExample?.data ?? {};
    const following = order.slice(order.indexOf(review) + 1).find((id) => engine.stepApplies(id, data));
    if (!following) throw new Error('The review step is the last one');
    await canvas.findByText(asShown(canvasText(language, 'nextGoesOn', { title: steps[following].flow.title })));
  },
};

export const NothingAnswered: Story = { args: { stepId: review, data: {} } };
