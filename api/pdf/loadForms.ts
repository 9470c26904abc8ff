import { existsSync, readFileSync } from 'node:fs';
import { FORM_FILE, TEMPLATE_FILE, insurerFolders } from './formFiles.ts';
import { join } from 'node:path';
import { documentSources, finalStepOf, localizeDefinitions, optionLabels } from '../../engine/index.ts';
import { readDefinitionFiles } from '../definitions/readDefinitionFiles.ts';
import type { Definitions } from '../../engine/index.ts';
import { PAYLOAD_ROOT, answersOf, withN } from './answerPaths.ts';
import type { StepTexts } from './generationLabels.ts';
import { memoSources, placedAnswers } from './placedAnswers.ts';
import type { AnswerStep, FormField, FormMapping, LoadedForm } from './types.ts';

/**
 * The labels product staff gave the values at an answer path (ui.json), if any. A `payload.…` path takes the
 * labels of the step answers that payload part is built from (the payload mapping's sources), so a copied record
 * keeps its step's labels without a table of aliases.
 */
function labelsAt(
  steps: StepTexts,
  path: string,
  sourcesOf: (payloadPath: string) => readonly string[],
): Record<string, string> | undefined {
  const [root, ...rest] = withN(path, 1)
    .split('.')
    .map((s) => (/^\d+$/.test(s) ? '*' : s));
  const answers = root === PAYLOAD_ROOT ? sourcesOf(rest.join('.')) : [[root, ...rest].join('.')];
  let labels: Record<string, string> | undefined;
  for (const answer of answers) {
    const [stepId, ...fieldPath] = answer.split('.');
    const step = steps[stepId];
    const found = step ? optionLabels(step.schema, step.ui, fieldPath) : undefined;
    if (found) labels = { ...labels, ...found };
  }
  return labels;
}

/**
 * Fills in the value labels a mapping leaves out (enum, list and table columns) from the steps' ui.json,
 * once, so rendering only looks them up. The mapping's own labels win.
 * @param sourcesOf - the step paths a payload path (without `payload.`) is built from
 */
export function compileMapping(
  mapping: FormMapping,
  steps: StepTexts,
  sourcesOf: (payloadPath: string) => readonly string[],
): FormMapping {
  const withLabels = (
    answer: string,
    format: string | undefined,
    options: Record<string, string> | undefined,
  ): Record<string, string> | undefined => {
    if (format !== 'enum' && format !== 'list') return options;
    const fromUi = labelsAt(steps, answer, sourcesOf);
    return fromUi || options ? { ...fromUi, ...options } : undefined;
  };
  return {
    ...mapping,
    sections: mapping.sections.map((section) => ({
      ...section,
      fields: section.fields?.map((field): FormField => {
        const [answer] = answersOf(field);
        return {
          ...field,
          options: withLabels(answer, field.format, field.options),
          columns: field.columns?.map((c) => ({
            ...c,
            options: withLabels(`${answer}.0.${c.answer}`, c.format, c.options),
          })),
        };
      }),
    })),
  };
}

/**
 * The screening steps whose answers a document may print, in flow order (not the review, not the final step),
 * and the payload part a form's `payload.…` path names, as the step paths it is built from.
 */
export function generationSteps(definitions: Pick<Definitions, 'flow' | 'steps' | 'order'>): {
  steps: AnswerStep[];
  sourcesOf: (payloadPath: string) => readonly string[];
} {
  const { flow } = definitions;
  const final = finalStepOf(flow);
  const steps = definitions.order
    .filter((id) => id !== flow.review && id !== final && definitions.steps[id])
    .map((id) => ({ id, title: flow.steps.find((s) => s.id === id)?.title ?? id, definition: definitions.steps[id] }));
  const payload = final ? definitions.steps[final]?.documents?.payload : undefined;
  return { steps, sourcesOf: memoSources((path) => (payload ? documentSources(payload, path) : [])) };
}

/**
 * Reads every forms/<name>/form.json and its optional forms/<name>/template.pdf, keyed by insurer id, and works out
 * once what each mapping places (so rendering only looks up what goes under "Other answers").
 * @param formsDir - the folder of mappings
 * @param definitions - the loaded definitions: the steps' schema and ui (labels), the flow's order and titles, and
 *   the final step's payload mapping (what a `payload.…` answer is built from); in the documents' language
 * @param lang - the documents' language (default English, form.json as it is)
 */
export function loadForms(
  formsDir: string,
  definitions: Pick<Definitions, 'flow' | 'steps' | 'order'>,
  lang = 'en',
): Map<string, LoadedForm> {
  const steps: StepTexts = definitions.steps;
  // Another language: each mapping with its catalogue's translations (forms/<insurer>/i18n/<lang>.json).
  const localized = lang === 'en' ? undefined : localizeDefinitions(readDefinitionFiles(formsDir), lang);
  const { steps: answerSteps, sourcesOf } = generationSteps(definitions);
  const forms = new Map<string, LoadedForm>();
  for (const name of insurerFolders(formsDir)) {
    const mapping = (localized?.[`${name}/${FORM_FILE}`] ??
      JSON.parse(readFileSync(join(formsDir, name, FORM_FILE), 'utf8'))) as FormMapping;
    const pdf = join(formsDir, name, TEMPLATE_FILE);
    forms.set(mapping.insurer, {
      name,
      mapping: compileMapping(mapping, steps, sourcesOf),
      others: { steps: answerSteps, placed: placedAnswers(mapping, sourcesOf).all },
      ...(existsSync(pdf) ? { template: new Uint8Array(readFileSync(pdf)) } : {}),
    });
  }
  return forms;
}
