import type { JsonSchema, UiDefinition } from '../../engine/types.ts';
import { enumLabels } from './stepLabels.ts';

/** The parts of a step definition the PDFs read labels from. */
export type StepTexts = { [stepId: string]: { schema: JsonSchema; ui: UiDefinition } };

/** Labels the generated documents and the summary cards use, all taken from steps/ (ui.json). */
export interface GenerationLabels {
  productType: Record<string, string>;
  planName: Record<string, string>;
  coverageType: Record<string, string>;
  applicationType: Record<string, string>;
  /** Keyed by the payload's owner type (insured_1, …, other_individual, corporation). */
  ownerType: Record<string, string>;
  /** populate_forms' labels: BMO, Manulife, Sun Life, Beneva, Canada Life. */
  insurer: Record<string, string>;
  /** Texts of the result view (pdf-generation/ui.json ui:options.result). */
  result: { notSpecified: string; typeOfInsurance: string; singleLife: string; jointPlan: string };
}

/**
 * Collects the labels once from the step definitions.
 * @param steps - schema and ui of each step, keyed by step id
 */
export function labelsFrom(steps: StepTexts): GenerationLabels {
  const at = (stepId: string, path: string): Record<string, string> => {
    const step = steps[stepId];
    return (step && enumLabels(step.schema, step.ui, path.split('.'))) ?? {};
  };
  const screenOwner = at('owner', 'owner_type');
  const options = ((steps['pdf-generation']?.ui['ui:options'] ?? {}) as { result?: Record<string, unknown> }).result ?? {};
  const text = (key: string, fallback: string): string => (typeof options[key] === 'string' ? (options[key] as string) : fallback);
  return {
    productType: { ...at('plan-details', 'single_life_options.*.product_type'), ...at('plan-details', 'product_type') },
    planName: { ...at('plan-details', 'single_life_options.*.plan_name'), ...at('plan-details', 'joint_plan_options.*.plan_name') },
    coverageType: at('plan-details', 'joint_plan_options.*.coverage_type'),
    applicationType: at('basic', 'application_type'),
    ownerType: {
      ...screenOwner,
      other_individual: screenOwner.individual ?? 'Different Individual',
      corporation: screenOwner.entity ?? 'Corporation/Trust/Entity',
    },
    insurer: at('pdf-generation', 'populate_forms'),
    result: {
      notSpecified: text('notSpecified', 'Not specified'),
      typeOfInsurance: text('typeOfInsurance', 'Life Insurance'),
      singleLife: text('singleLife', 'Single Life'),
      jointPlan: text('jointPlan', 'Joint Plan'),
    },
  };
}
