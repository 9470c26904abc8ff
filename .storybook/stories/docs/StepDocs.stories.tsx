import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { LOCALES } from '../../../app/i18n/language.ts';
import { storyLanguage } from '../../appText.ts';
import { definitionsIn } from '../../steps/definitions.ts';
import { docsText } from '../../steps/docsTexts.ts';
import { fieldsOf } from '../../steps/fieldInfo.ts';
import { StepDocsBody } from '../../steps/StepDocsBody.tsx';

/**
 * A step's docs page as a story (docs pages are not stories, so the story tests could not draw one otherwise): the
 * proposed insured's, in the language the story is drawn in. Only the tests see it (`!dev`): designers read the
 * real page, each step's "Docs" entry.
 */
function DocsPageOf({ stepId }: { stepId: string }) {
  const language = storyLanguage();
  return (
    <div lang={LOCALES[language]} className="page">
      <StepDocsBody stepId={stepId} language={language} />
    </div>
  );
}

const meta = {
  title: 'Docs/Step docs page',
  component: DocsPageOf,
  tags: ['!dev', '!autodocs'],
  args: { stepId: 'proposed-insured' },
} satisfies Meta<typeof DocsPageOf>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The page's framing, the step's title, its fields' labels and option names are all the story's language's. */
export const InTheLanguageShown: Story = {
  play: async ({ canvasElement, args }) => {
    const language = storyLanguage();
    const canvas = within(canvasElement);
    const { definitions } = definitionsIn(language);
    const def = definitions.steps[args.stepId];
    await expect(canvasElement.querySelector('[lang]')?.getAttribute('lang')).toBe(LOCALES[language]);
    await expect(canvas.getByRole('heading', { level: 1, name: def.flow.title })).toBeVisible();
    for (const id of ['placeInFlow', 'fields', 'rules'] as const)
      await expect(canvas.getByRole('heading', { level: 2, name: docsText(language, id) })).toBeVisible();
    for (const id of ['colLabel', 'colField', 'colType', 'colOptions', 'colDefault', 'colShownWhen'] as const)
      await expect(canvas.getByRole('columnheader', { name: docsText(language, id) })).toBeVisible();
    // Marital status: its label and every option's name as this language's definitions write them.
    const marital = fieldsOf(def, definitions.flow.words).find((f) => f.path.endsWith('.marital_status'));
    if (!marital) throw new Error(`steps/${args.stepId} has no marital_status`);
    const row = canvas.getAllByRole('row').find((r) => r.querySelectorAll('td')[1]?.textContent === marital.path);
    await expect(row).toBeDefined();
    const cells = within(row!).getAllByRole('cell');
    await expect(cells[0]).toHaveTextContent(marital.label);
    for (const option of marital.options) await expect(cells[3]).toHaveTextContent(`${option.label} (${option.value})`);
    if (language !== 'en') {
      const english = fieldsOf(definitionsIn('en').definitions.steps[args.stepId]).find((f) => f.path === marital.path);
      await expect(cells[0]).not.toHaveTextContent(english!.label);
      await expect(canvasElement).not.toHaveTextContent(docsText('en', 'colShownWhen'));
    }
  },
};
