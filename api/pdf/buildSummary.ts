import type { Language } from '../definitions/createServerEngine.ts';
import { formatMoney } from './formatValue.ts';
import type { GenerationLabels } from './generationLabels.ts';
import type { GenerationNames } from './answerPaths.ts';
import type { GenerationSummary } from './types.ts';

/**
 * The data of the result view's summary cards (spec document 3, Application Generation), as the summary document
 * (steps/pdf-generation/documents/summary.json) writes them: its `cards` by key (provider, product type, number of
 * insureds, type of insurance, primary and secondary insured, owner type and name, 'Not specified' when none), and
 * its plans block's rows with each face amount as $ with thousands separators.
 * @param names - the summary document's output (generationNames)
 * @param labels - labels from steps/ (labelsFrom): 'Not specified'
 * @param lang - the language of the money (the labels are already in it: the localized engine's)
 * @example buildSummary(names, labels).plan_details[0].face_amount // "$750,000"
 */
export function buildSummary(
  names: GenerationNames,
  labels: GenerationLabels,
  lang: Language = 'en',
): GenerationSummary {
  const none = labels.result.notSpecified;
  const cards = Object.fromEntries(names.cards.map((card) => [card.key, card.value ?? none]));
  const text = (key: string): string => String(cards[key] ?? none);
  return {
    provider: text('provider'),
    product_type: text('product_type'),
    number_of_insureds: Number(names.cards.find((card) => card.key === 'number_of_insureds')?.value ?? 0),
    type_of_insurance: text('type_of_insurance'),
    primary_insured: text('primary_insured'),
    secondary_insured: text('secondary_insured'),
    owner_type: text('owner_type'),
    owner_name: text('owner_name'),
    plan_details: names.plans.map((plan) => ({
      plan_type: plan.plan_type ?? none,
      product_type: plan.product_type ?? none,
      plan_name: plan.plan_name ?? none,
      face_amount: plan.face_amount === null ? none : formatMoney(plan.face_amount, lang),
      face_amount_value: plan.face_amount,
    })),
  };
}
