import { formatMoney } from './formatValue.ts';
import type { GenerationLabels } from './generationLabels.ts';
import { titleCase } from '../../engine/index.ts';
import type { GenerationNames } from './answerPaths.ts';
import type { GenerationPayload, GenerationSummary, PlanOption } from './types.ts';

/**
 * The data of the result view's summary cards (spec document 3, Application Generation): provider, product
 * type, number of insureds, type of insurance (always Life Insurance), primary and secondary insured
 * ('Not specified' when none), owner type and name, and each plan with its face amount as $ with thousands
 * separators.
 * @param payload - the generation payload
 * @param labels - labels from steps/ (labelsFrom)
 * @param names - the summary document's names (generationNames)
 * @example buildSummary(payload, labels, names).plan_details[0].face_amount // "$750,000"
 */
export function buildSummary(
  payload: GenerationPayload,
  labels: GenerationLabels,
  names: GenerationNames,
): GenerationSummary {
  const none = labels.result.notSpecified;
  const label = (map: Record<string, string>, value: string | null | undefined): string =>
    value ? (map[value] ?? titleCase(value)) : none;

  const plan = (option: PlanOption, planType: string): GenerationSummary['plan_details'][number] => ({
    plan_type: planType,
    product_type: label(labels.productType, option.product_type),
    plan_name: label(labels.planName, option.plan_name),
    face_amount: option.face_amount === null ? none : formatMoney(option.face_amount),
    face_amount_value: option.face_amount,
  });
  return {
    provider: payload.populate_forms.length
      ? payload.populate_forms.map((id) => labels.insurer[id] ?? id).join(', ')
      : none,
    product_type: label(labels.productType, payload.application_info.product_type),
    number_of_insureds: payload.application_info.number_of_insureds,
    type_of_insurance: labels.result.typeOfInsurance,
    primary_insured: names.primary_insured ?? none,
    secondary_insured: names.secondary_insured ?? none,
    owner_type: label(labels.ownerType, payload.owner_information.type),
    owner_name: names.owner_name ?? none,
    plan_details: [
      ...(payload.plan_details.single_life_options ?? []).map((o) => plan(o, labels.result.singleLife)),
      ...(payload.plan_details.joint_plan_options ?? []).map((o) => plan(o, labels.result.jointPlan)),
    ],
  };
}
