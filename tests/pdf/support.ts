import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApplicationData, JsonObject, JsonSchema } from '../../engine/index.ts';
import { assemblePayload, generationNames, normalizeData } from '../../api/pdf/buildPayload.ts';
import { buildSummary } from '../../api/pdf/buildSummary.ts';
import { labelsFrom } from '../../api/pdf/generationLabels.ts';
import { loadForms } from '../../api/pdf/loadForms.ts';
import type { FormMapping, GenerationPayload, GenerationSummary } from '../../api/pdf/types.ts';
import type { FormsLintInput } from '../../api/pdf/lintForms.ts';
import { definitions, engine, example } from '../support/engine.ts';

export { definitions, engine, example };

export const INSURERS = ['BMO', 'MANULIFE', 'SUNLIFE', 'BENEVA', 'CANADA_LIFE'];
export const forms = loadForms('forms', definitions);
export const labels = labelsFrom(definitions);

/** A deep copy of the complete two-insured application (steps/screening-review/examples/full-application.json). */
export function fullApplication(): ApplicationData {
  return example('screening-review', 'full-application');
}

/** One joint whole life plan of each insurer but BMO, as the plan step saves them: [insurer, plan id, its name]. */
export const OTHER_INSURERS_PLANS = [
  ['MANULIFE', 'manulife_par_20_pay', 'Manulife Par - 20 Pay'],
  ['SUNLIFE', 'sun_par_protector_20_pay', 'Sun Par Protector II - 20 Pay'],
  ['BENEVA', 'beneva_par_20_pay', 'Beneva Participating Whole Life - 20 Pay'],
  ['CANADA_LIFE', 'wealth_achiever_20_pay', 'Wealth Achiever - 20 Pay'],
] as const;

/**
 * The application with a plan for every insurer: its BMO Estate Protector, then one joint last-to-die plan of each
 * other insurer ($500,000), so each insurer's application has a plan of its own.
 */
export function withEveryInsurer(data: ApplicationData): ApplicationData {
  const plans = step(data, 'plan-details');
  plans.joint_plan_options = [
    ...((plans.joint_plan_options as JsonObject[] | null) ?? []),
    ...OTHER_INSURERS_PLANS.map(([, plan_name]) => ({
      product_type: 'whole_life',
      plan_name,
      coverage_type: 'joint_last_to_die',
      face_amount: 500000,
    })),
  ];
  return data;
}

/** The step record of `data`, for changing it in a test. */
export function step(data: ApplicationData, stepId: string): JsonObject {
  return data[stepId] as JsonObject;
}

/** The result view's summary cards of `data` (no completeness check), names from the summary document. */
export function summaryOf(data: ApplicationData, populateForms = ['BMO']): GenerationSummary {
  const normalized = normalizeData(engine, data);
  const payload = assemblePayload(engine, normalized, { populateForms });
  return buildSummary(generationNames(engine, normalized, payload), labels);
}

/** The payload of `data` after the engine's view (no completeness check). */
export function payloadOf(data: ApplicationData, populateForms = ['BMO']): GenerationPayload {
  return assemblePayload(engine, normalizeData(engine, data), { populateForms });
}

/** Text of a PDF in content order, whitespace collapsed (poppler's pdftotext -raw). */
export function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-text-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, bytes);
    execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', file, join(dir, 'doc.txt')]);
    return readFileSync(join(dir, 'doc.txt'), 'utf8').replace(/\s+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The real forms/ and steps/, as forms:check reads them, with the mappings and the flow safe to change. */
export function formsLintInput(): FormsLintInput & { mappings: Record<string, FormMapping> } {
  const mappings: Record<string, FormMapping> = {};
  for (const name of ['bmo', 'manulife', 'sunlife', 'beneva', 'canada_life'])
    mappings[name] = JSON.parse(readFileSync(`forms/${name}/form.json`, 'utf8')) as FormMapping;
  return {
    mappings,
    templateFields: {},
    formSchema: JSON.parse(readFileSync('forms/_meta/form.schema.json', 'utf8')) as JsonSchema,
    flow: structuredClone(definitions.flow),
    stepSchemas: Object.fromEntries(definitions.order.map((id) => [id, definitions.steps[id].schema])),
    stepUis: Object.fromEntries(definitions.order.map((id) => [id, definitions.steps[id].ui])),
    payloadMapping: definitions.steps[definitions.flow.steps.find((s) => s.final)!.id].documents?.payload,
  };
}
