import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { documentSources } from '../../engine/documentSources.ts';
import type { Definitions } from '../../engine/types.ts';
import { finalStepOf } from '../../engine/finalStepOf.ts';
import { PAYLOAD_ROOT, answersOf, withN } from './answerPaths.ts';
import type { StepTexts } from './generationLabels.ts';
import { memoSources, placedAnswers } from './placedAnswers.ts';
import { enumLabels } from './stepLabels.ts';
import type { AnswerStep, FormField, FormMapping, LoadedForm } from './types.ts';

/** Payload parts that copy a step's record, so their values take that step's labels. */
const PAYLOAD_ALIASES: [RegExp, string][] = [
  [/^payload\.proposed_insured_information\.proposed_insured_information_(\d)\./, 'proposed-insured.insured_$1.'],
  [/^payload\.insurance_history_information\.insured_(\d)\.insurance_history_data\./, 'insurance-history.insured_$1.'],
  [/^payload\.lifestyle_information\.lifestyle_information_(\d)\./, 'lifestyle.lifestyle_data_$1.'],
  [/^payload\.medical_information\.medical_information_(\d)\./, 'medical.insured_$1.'],
  [/^payload\.financial_information\.insured_(\d)\.financial_data\./, 'financial.insured_$1.'],
  [/^payload\.financial_information\.(owner_financial_data|corporate_data)\./, 'financial.$1.'],
  [/^payload\.owner_information\.owner_info\./, 'owner.'],
  [/^payload\.purpose_of_insurance\./, 'purpose-of-insurance.'],
  [/^payload\.plan_details\./, 'plan-details.'],
];

/** The labels product staff gave the values at an answer path (ui.json), if any. */
function labelsAt(steps: StepTexts, path: string): Record<string, string> | undefined {
  let p = withN(path, 1);
  if (p.startsWith(`${PAYLOAD_ROOT}.`)) {
    const alias = PAYLOAD_ALIASES.find(([re]) => re.test(p));
    if (!alias) return undefined;
    p = p.replace(alias[0], alias[1]);
  }
  const [stepId, ...rest] = p.split('.');
  const step = steps[stepId];
  return step ? enumLabels(step.schema, step.ui, rest.map((s) => (/^\d+$/.test(s) ? '*' : s))) : undefined;
}

/**
 * Fills in the value labels a mapping leaves out (enum, list and table columns) from the steps' ui.json,
 * once, so rendering only looks them up. The mapping's own labels win.
 */
export function compileMapping(mapping: FormMapping, steps: StepTexts): FormMapping {
  const withLabels = (answer: string, format: string | undefined, options: Record<string, string> | undefined): Record<string, string> | undefined => {
    if (format !== 'enum' && format !== 'list') return options;
    const fromUi = labelsAt(steps, answer);
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
          columns: field.columns?.map((c) => ({ ...c, options: withLabels(`${answer}.0.${c.answer}`, c.format, c.options) })),
        };
      }),
    })),
  };
}

/**
 * The screening steps whose answers a document may print, in flow order (not the review, not the final step),
 * and the payload part a form's `payload.…` path names, as the step paths it is built from.
 */
export function generationSteps(definitions: Pick<Definitions, 'flow' | 'steps' | 'order'>): { steps: AnswerStep[]; sourcesOf: (payloadPath: string) => readonly string[] } {
  const { flow } = definitions;
  const final = finalStepOf(flow);
  const steps = definitions.order
    .filter((id) => id !== flow.review && id !== final && definitions.steps[id])
    .map((id) => ({ id, title: flow.steps.find((s) => s.id === id)?.title ?? id, definition: definitions.steps[id] }));
  const payload = final ? definitions.steps[final]?.documents?.payload : undefined;
  return { steps, sourcesOf: memoSources((path) => (payload ? documentSources(payload, path) : [])) };
}

/**
 * Reads every forms/<name>.json and its optional forms/<name>.pdf template, keyed by insurer id, and works out
 * once what each mapping places (so rendering only looks up what goes under "Other answers").
 * @param formsDir - the folder of mappings
 * @param definitions - the loaded definitions: the steps' schema and ui (labels), the flow's order and titles, and
 *   the final step's payload mapping (what a `payload.…` answer is built from)
 */
export function loadForms(formsDir: string, definitions: Pick<Definitions, 'flow' | 'steps' | 'order'>): Map<string, LoadedForm> {
  const steps: StepTexts = definitions.steps;
  const { steps: answerSteps, sourcesOf } = generationSteps(definitions);
  const forms = new Map<string, LoadedForm>();
  for (const file of readdirSync(formsDir).sort()) {
    if (!file.endsWith('.json')) continue;
    const name = file.slice(0, -'.json'.length);
    const mapping = JSON.parse(readFileSync(join(formsDir, file), 'utf8')) as FormMapping;
    const pdf = join(formsDir, `${name}.pdf`);
    forms.set(mapping.insurer, {
      name,
      mapping: compileMapping(mapping, steps),
      others: { steps: answerSteps, placed: placedAnswers(mapping, sourcesOf).all },
      ...(existsSync(pdf) ? { template: new Uint8Array(readFileSync(pdf)) } : {}),
    });
  }
  return forms;
}
