import { getSimplePaths } from '@xstate/graph';
import type { ApplicationData } from '../../engine/index.ts';
import { engine, example } from '../support/engine.ts';
import { fullApplication, machine } from '../support/flow.ts';
import { positionOf } from '../../engine/index.ts';

// The spec's skip rules, written here from the spec and not read from flow.json:
// multi-owner shows only for joint_insureds ownership or when a second individual owner exists;
// tax-information shows only for universal_life, whole_life, combination, t20 or t30 AND an owner that is
// insured_1, insured_2, joint or other_individual.
const multiOwnerShows = (d: ApplicationData): boolean =>
  d.owner?.ownership_type === 'joint_insureds' ||
  (d.owner?.ownership_type === 'other_individual' && d.owner?.has_second_individual_owner === true);
// The product type that rule reads (issue 31): a term plan is its term ("t20" for Term 20), another plan its type;
// plans of different types or terms are a combination.
const productOf = (d: ApplicationData): string => {
  const plans = [d['plan-details']?.single_life_options, d['plan-details']?.joint_plan_options].flatMap((list) =>
    Array.isArray(list) ? (list as { product_type: string; plan_name: string }[]) : [],
  );
  const codes = new Set(
    plans.map((p) => (p.product_type === 'term_life' ? p.plan_name.replace(/^term_/, 't') : p.product_type)),
  );
  return codes.size > 1 ? 'combination' : String([...codes][0]);
};
const taxShows = (d: ApplicationData): boolean =>
  ['universal_life', 'whole_life', 'combination', 't20', 't30'].includes(productOf(d)) &&
  ['insured_1', 'insured_2', 'joint_insureds', 'other_individual'].includes(String(d.owner?.ownership_type));

const owners: Record<string, () => Record<string, unknown>> = {
  insured_1: () => example('owner', 'insured-1').owner!,
  insured_2: () => ({ ...example('owner', 'insured-1').owner!, owner_type: 'insured_2' }),
  joint_insureds: () => example('owner', 'joint-insureds').owner!,
  individual: () => example('owner', 'individual').owner!,
  individual_with_second: () => example('owner', 'individual-second-owner').owner!,
  entity: () => example('owner', 'entity').owner!,
};
/** A single-life term plan of the given term, e.g. term_10. */
const term = (planName: string) => () => ({
  ...example('plan-details', 'single-life-term')['plan-details']!,
  single_life_options: [
    { product_type: 'term_life', plan_name: planName, proposed_insured_1: true, face_amount: 500000 },
  ],
});
// Each variant's plans, keyed "name:product type the plans derive".
const plans: Record<string, () => Record<string, unknown>> = {
  'term_20:term_life': () => example('plan-details', 'single-life-term')['plan-details']!,
  'term_10:term_life': term('term_10'),
  'term_30:term_life': term('term_30'),
  'two_terms:term_life': () => ({
    ...example('plan-details', 'single-life-term')['plan-details']!,
    single_life_options: [
      { product_type: 'term_life', plan_name: 'term_10', proposed_insured_1: true, face_amount: 500000 },
      { product_type: 'term_life', plan_name: 'term_15', proposed_insured_1: true, face_amount: 250000 },
    ],
  }),
  'whole_life:whole_life': () => example('plan-details', 'joint-whole-life')['plan-details']!,
  'universal_life:universal_life': () => example('plan-details', 'universal-life-save-age')['plan-details']!,
  'combination:combination': () => ({
    ...example('plan-details', 'single-life-term')['plan-details']!,
    single_life_options: [
      { product_type: 'term_life', plan_name: 'term_20', proposed_insured_1: true, face_amount: 500000 },
      { product_type: 'whole_life', plan_name: 'pay_10', proposed_insured_1: true, face_amount: 250000 },
    ],
  }),
};

const IDENTITY_ANSWERS = {
  has_third_party_instructions: false,
  has_third_party_funds: false,
  suspect_third_party: false,
  primary_id_type: 'passport',
  primary_id_number: 'P1234567',
  primary_id_expiry: '2031-01-31',
  primary_id_country_of_issue: 'Canada',
  is_physically_present: true,
  is_intermediary: false,
};

/** The application with one owner variant and one plan variant, computed values applied as the server would. */
function variant(owner: string, plan: string): ApplicationData {
  const data = fullApplication();
  data['plan-details'] = plans[plan]();
  data['plan-details'] = engine.evaluateStep('plan-details', data).values;
  // Universal and whole life plans ask the owner's third-party and identity declarations: answered here, so that every
  // step of each variant is complete.
  data.owner = { ...IDENTITY_ANSWERS, ...owners[owner]() };
  data.owner = engine.evaluateStep('owner', data).values;
  // Owners other than the insureds bring the owner's (and a corporation's) financial sections into play.
  if (owner === 'entity')
    data.financial = {
      ...example('financial', 'corporate-owner').financial,
      has_insured_2: true,
      insured_2: structuredClone(data.financial!.insured_2),
    };
  else if (owner.startsWith('individual')) {
    const fin = structuredClone(data.financial!) as Record<string, unknown>;
    data.financial = { ...fin, owner_financial_data: structuredClone(fin.insured_1) };
  }
  data.financial = engine.evaluateStep('financial', data).values;
  return data;
}

describe('skip rules hold on every path through the machine (model-based)', () => {
  for (const owner of Object.keys(owners)) {
    for (const plan of Object.keys(plans)) {
      it(`owner ${owner}, product ${plan}`, () => {
        const data = variant(owner, plan);
        expect(data['plan-details']?.product_type).toBe(plan.split(':')[1]);
        for (const step of engine.definitions.order) {
          if (engine.stepApplies(step, data))
            expect([step, engine.evaluateStep(step, data).errors]).toEqual([step, []]);
        }
        const paths = getSimplePaths(machine, {
          input: { data },
          events: [{ type: 'NEXT' }, { type: 'BACK' }],
          serializeState: (s) => JSON.stringify(s.value),
        });
        const stepsOf = (path: (typeof paths)[number]) => path.steps.map((st) => positionOf(st.state.value).step);
        const complete = paths.filter((p) => p.state.status === 'done');
        expect(complete.length).toBeGreaterThan(0);
        for (const path of paths) {
          const visited = new Set(stepsOf(path));
          if (!multiOwnerShows(data)) expect(visited.has('multi-owner')).toBe(false);
          if (!taxShows(data)) expect(visited.has('tax-information')).toBe(false);
        }
        for (const path of complete) {
          const visited = stepsOf(path);
          expect(visited.includes('multi-owner')).toBe(multiOwnerShows(data));
          expect(visited.includes('tax-information')).toBe(taxShows(data));
          const afterOwner = visited[visited.lastIndexOf('owner') + 1];
          const expected = multiOwnerShows(data) ? 'multi-owner' : taxShows(data) ? 'tax-information' : 'beneficiary';
          expect(afterOwner).toBe(expected);
          if (data.owner?.ownership_type === 'corporation') expect(afterOwner).toBe('beneficiary');
          expect(visited[visited.length - 1]).toBe('pdf-generation');
        }
      });
    }
  }
});
