import { finalStepOf, optionLabels } from '../../engine/index.ts';
import type { Definitions, JsonSchema, UiDefinition } from '../../engine/index.ts';

/** The parts of a step definition the PDFs read labels from. */
export type StepTexts = { [stepId: string]: { schema: JsonSchema; ui: UiDefinition } };

/** The label sets the documents and the summary cards use, by name (the final step's `ui:options.labels`). */
const LABEL_SETS = ['productType', 'planName', 'coverageType', 'applicationType', 'ownerType', 'insurer'] as const;
type LabelSet = (typeof LABEL_SETS)[number];

/** Labels the generated documents and the summary cards use, all taken from steps/ (ui.json). */
export type GenerationLabels = Record<LabelSet, Record<string, string>> & {
  /** Texts of the result view (the final step's ui:options.result). */
  result: { notSpecified: string; typeOfInsurance: string; singleLife: string; jointPlan: string };
  /**
   * Where the documents' language is read (the final step's `ui:options.documentLanguage`): the answer (`step.path`)
   * and the language of each of its values ({"french": "fr"}); absent: English.
   */
  documentLanguage?: { from: string; values: Record<string, string> };
};

/**
 * Where one label set comes from: the step answers (`"step.path"`, `*` for rows) whose option labels it takes, and
 * payload codes that read as another code of those answers (the payload's `other_individual` is the owner's
 * `individual`).
 */
type LabelSource = string[] | { from: string[]; same?: Record<string, string> };

/**
 * Collects the labels once from the step definitions, as the final step's `ui:options.labels` declares them, so
 * no step id or field name is written here.
 * @param definitions - the loaded definitions
 * @returns each label set, code to label; a code without a label is absent (callers title-case it)
 */
export function labelsFrom(definitions: Pick<Definitions, 'steps' | 'flow'>): GenerationLabels {
  const steps: StepTexts = definitions.steps;
  const options = (steps[finalStepOf(definitions.flow)]?.ui['ui:options'] ?? {}) as {
    labels?: Record<string, LabelSource>;
    result?: Record<string, unknown>;
    documentLanguage?: { from: string; values: Record<string, string> };
  };
  const at = (answer: string): Record<string, string> => {
    const [stepId, ...path] = answer.split('.');
    const step = steps[stepId];
    return (step && optionLabels(step.schema, step.ui, path)) ?? {};
  };
  const labelSet = (source: LabelSource | undefined): Record<string, string> => {
    const { from, same = {} } = Array.isArray(source) ? { from: source } : (source ?? { from: [] });
    const labels: Record<string, string> = Object.assign({}, ...from.map(at));
    for (const [code, other] of Object.entries(same))
      if (labels[other] !== undefined && labels[code] === undefined) labels[code] = labels[other];
    return labels;
  };
  const result = options.result ?? {};
  const text = (key: string, fallback: string): string =>
    typeof result[key] === 'string' ? (result[key] as string) : fallback;
  return {
    ...(Object.fromEntries(LABEL_SETS.map((name) => [name, labelSet(options.labels?.[name])])) as Record<
      LabelSet,
      Record<string, string>
    >),
    result: {
      notSpecified: text('notSpecified', 'Not specified'),
      typeOfInsurance: text('typeOfInsurance', 'Life Insurance'),
      singleLife: text('singleLife', 'Single Life'),
      jointPlan: text('jointPlan', 'Joint Plan'),
    },
    ...(options.documentLanguage ? { documentLanguage: options.documentLanguage } : {}),
  };
}
