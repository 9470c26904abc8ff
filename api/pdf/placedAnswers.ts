import { PAYLOAD_ROOT, answersOf, withN } from './answerPaths.ts';
import type { FormMapping } from './types.ts';

/**
 * Payload paths every document prints on its first page (renderPdf's summary box): the insureds' names and
 * dates of birth, the client, the application and product types, the owners and the owner type.
 */
export const SUMMARY_ANSWERS: readonly string[] = [
  ...[1, 2].flatMap((i) =>
    ['first_name', 'middle_name', 'last_name', 'date_of_birth'].map(
      (f) => `proposed_insured_information.proposed_insured_information_${i}.${f}`,
    ),
  ),
  'application_info.client_id',
  'application_info.application_type',
  'application_info.product_type',
  'owner_information.owner_info_1.full_name',
  'owner_information.owner_info_2.full_name',
  'owner_information.type',
];

/** Payload paths each block of a mapping prints (renderPdf's drawPlans and drawBeneficiaries). */
export const BLOCK_ANSWERS: Readonly<Record<'plans' | 'beneficiaries', readonly string[]>> = {
  plans: [
    ...['product_type', 'plan_name', 'face_amount', 'proposed_insured_1'].map(
      (f) => `plan_details.single_life_options.*.${f}`,
    ),
    ...['product_type', 'plan_name', 'face_amount', 'coverage_type'].map(
      (f) => `plan_details.joint_plan_options.*.${f}`,
    ),
  ],
  beneficiaries: [
    ...['primary', 'contingent'].flatMap((tier) =>
      [
        'full_name',
        'relationship',
        'date_of_birth',
        'share_percentage',
        'is_revocable',
        'trustee_required',
        'trustee_name',
        'trustee_relationship',
      ].map((f) => `beneficiary_designation.${tier}_beneficiaries.*.${f}`),
    ),
    'beneficiary_designation.trustee_for_minors.primary_beneficiary_full_name',
    'beneficiary_designation.trustee_for_minors.contingent_beneficiary_full_name',
  ],
};

/** The step answers a form places, as step paths (`lifestyle.lifestyle_data_1.drinks_alcohol`, `*` for rows). */
export interface PlacedAnswers {
  /** By section index: what each section's fields (every repetition of `each`) or block place. */
  bySection: Set<string>[];
  /** Everything the document places: its sections and the first page's summary. */
  all: Set<string>;
}

/** Numeric segments (rows) as `*`, the way fields are named. */
const asField = (path: string): string =>
  path
    .split('.')
    .map((s) => (/^\d+$/.test(s) ? '*' : s))
    .join('.');

/**
 * Works out, once per mapping, which step answers it places: each field's answer paths with `{n}` expanded per
 * `each` (a table's columns inside its rows), and, for `payload.…` paths and the blocks, the step answers that
 * payload part is built from (`sourcesOf`, the engine's documentSources over the payload mapping). What a
 * showIf only tests is not placed.
 * @param mapping - forms/<insurer>/form.json
 * @param sourcesOf - the step paths a payload path (without `payload.`) is built from
 */
export function placedAnswers(
  mapping: FormMapping,
  sourcesOf: (payloadPath: string) => readonly string[],
): PlacedAnswers {
  const resolve = (path: string): readonly string[] => {
    const [root, ...rest] = path.split('.');
    return root === PAYLOAD_ROOT ? sourcesOf(asField(rest.join('.'))) : [asField(path)];
  };
  const bySection = mapping.sections.map((section) => {
    const placed = new Set<string>();
    const add = (paths: readonly string[]): void => paths.forEach((p) => placed.add(p));
    if (section.block) for (const p of BLOCK_ANSWERS[section.block]) add(sourcesOf(p));
    for (const n of section.each ? section.each.map((e) => e.n) : [undefined]) {
      for (const field of section.fields ?? []) {
        for (const answer of answersOf(field)) {
          const path = withN(answer, n);
          if (field.format === 'table')
            for (const column of field.columns ?? []) add(resolve(`${path}.*.${column.answer}`));
          else add(resolve(path));
        }
      }
    }
    return placed;
  });
  const all = new Set<string>(bySection.flatMap((s) => [...s]));
  for (const p of SUMMARY_ANSWERS) for (const s of sourcesOf(p)) all.add(s);
  return { bySection, all };
}

/** documentSources with each answer worked out once (mappings share their payload paths). */
export function memoSources(sources: (path: string) => string[]): (path: string) => readonly string[] {
  const memo = new Map<string, readonly string[]>();
  return (path) => {
    let found = memo.get(path);
    if (!found) memo.set(path, (found = sources(path)));
    return found;
  };
}
