import { engine, example, errorsOf, definitions } from '../support/engine.ts';
import type { ApplicationData, JsonObject } from '../../engine/index.ts';
import { ruleMessage } from '../support/definitionText.ts';
import { realFiles } from '../support/miniDefinitions.ts';
import { specText } from '../support/specText.ts';

const STEP = 'plan-details';
const ILLUSTRATION = ruleMessage('plan-details', 'illustration_status');
const POLICY_DATE = ruleMessage('plan-details', 'policy_date_type');
const SAVE_AGE = ruleMessage('plan-details', 'save_age_insured_1', 'other');
const SINGLE = ruleMessage('plan-details', 'single_life_options', 'other');

function record(data: ApplicationData): JsonObject {
  return data[STEP] as JsonObject;
}

function withPlan(fields: JsonObject): ApplicationData {
  return {
    'proposed-insured': { number_of_insureds: 2 },
    [STEP]: { illustration_status: 'attached', policy_date_type: 'current_date', ...fields },
  };
}

const UL = {
  product_type: 'universal_life',
  plan_name: 'wealth_dimensions',
  proposed_insured_1: true,
  face_amount: 250000,
};
const TERM = { product_type: 'term_life', plan_name: 'term_10', proposed_insured_1: true, face_amount: 300000 };
const WL = { product_type: 'whole_life', plan_name: 'pay_10', proposed_insured_1: true, face_amount: 100000 };

describe('plan-details examples', () => {
  it.each(Object.keys(definitions.steps[STEP].examples))('%s has no errors', (name) => {
    expect(errorsOf(STEP, example(STEP, name))).toEqual([]);
  });

  it.each(Object.keys(definitions.steps[STEP].examples))('%s states its derived product type', (name) => {
    const data = example(STEP, name);
    expect(engine.evaluateStep(STEP, data).values.product_type).toBe(record(data).product_type);
  });
});

describe("plan-details: validation on Save and Next, in the spec's order", () => {
  it("an empty form asks for the illustration status, the policy date type, then a plan (the spec's message)", () => {
    const errors = errorsOf(STEP, { [STEP]: {} });
    expect(errors.map((e) => e.message)).toEqual([ILLUSTRATION, POLICY_DATE, SINGLE]);
    expect(errors[2].field).toBe('single_life_options');
    expect(errors[0].field).toBe('illustration_status');
    expect(errors[1].field).toBe('policy_date_type');
  });

  it('save age with neither insured ticked, and an empty single life list, come after the illustration status', () => {
    const data: ApplicationData = {
      [STEP]: { policy_date_type: 'save_age', save_age_insured_1: false, single_life_options: [] },
    };
    // One message per mistake: the empty list is not also reported as "no plan" (issue 31).
    expect(errorsOf(STEP, data).map((e) => e.message)).toEqual([ILLUSTRATION, SAVE_AGE, SINGLE]);
  });

  it('save age needs at least one insured ticked', () => {
    const data = example(STEP, 'universal-life-save-age');
    record(data).save_age_insured_1 = false;
    expect(errorsOf(STEP, data)).toContainEqual({ field: 'save_age_insured_1', message: SAVE_AGE });
    delete record(data).save_age_insured_1;
    delete record(data).save_age_insured_2;
    expect(errorsOf(STEP, data)).toContainEqual({ field: 'save_age_insured_1', message: SAVE_AGE });
    record(data).save_age_insured_2 = true;
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('an existing but empty single life list is refused', () => {
    const data = example(STEP, 'single-life-term');
    record(data).single_life_options = [];
    expect(errorsOf(STEP, data)).toContainEqual({ field: 'single_life_options', message: SINGLE });
    record(data).single_life_options = [TERM];
    expect(errorsOf(STEP, data)).toEqual([]);
    record(data).single_life_options = null;
    expect(errorsOf(STEP, data).map((e) => e.message)).toEqual([SINGLE]);
    record(data).joint_plan_options = [];
    expect(errorsOf(STEP, data).map((e) => e.message)).toEqual([SINGLE]);
  });

  it('the illustration status and policy date type are each required', () => {
    const data = example(STEP, 'joint-whole-life');
    record(data).illustration_status = null;
    expect(errorsOf(STEP, data)).toEqual([{ field: 'illustration_status', message: ILLUSTRATION }]);
    record(data).illustration_status = 'not_completed';
    delete record(data).policy_date_type;
    expect(errorsOf(STEP, data)).toEqual([{ field: 'policy_date_type', message: POLICY_DATE }]);
  });
});

describe('plan-details: policy date', () => {
  it('the save-age choices show only for save age', () => {
    const data = example(STEP, 'universal-life-save-age');
    expect(engine.evaluateStep(STEP, data).hidden).not.toContain('save_age_insured_1');
  });

  it('choosing the current date clears both save-age flags', () => {
    const data = example(STEP, 'universal-life-save-age');
    const previous = structuredClone(record(data));
    record(data).policy_date_type = 'current_date';
    const view = engine.evaluateStep(STEP, data, { previous });
    expect(view.hidden).toEqual(expect.arrayContaining(['save_age_insured_1', 'save_age_insured_2']));
    expect(view.values).not.toHaveProperty('save_age_insured_1');
    expect(view.values).not.toHaveProperty('save_age_insured_2');
    expect(view.errors).toEqual([]);
  });
});

describe('plan-details: derived product type', () => {
  it.each([
    ['no plans', {}, null],
    ['empty lists', { single_life_options: [], joint_plan_options: null }, null],
    ['one term plan', { single_life_options: [TERM] }, 'term_life'],
    [
      'two universal life plans',
      { single_life_options: [UL, { ...UL, plan_name: 'life_dimensions' }] },
      'universal_life',
    ],
    ['term and whole life', { single_life_options: [TERM, WL] }, 'combination'],
    [
      'a joint whole life plan',
      {
        joint_plan_options: [
          { product_type: 'whole_life', plan_name: 'term_100', coverage_type: 'joint_first_to_die' },
        ],
      },
      'whole_life',
    ],
    [
      'joint term and universal life',
      {
        joint_plan_options: [
          { product_type: 'term_life', plan_name: 'term_25', coverage_type: 'combined' },
          { product_type: 'universal_life', plan_name: 'life_dimensions', coverage_type: 'multi_coverage' },
        ],
      },
      'combination',
    ],
    [
      'a row without a product type is ignored',
      { single_life_options: [{ proposed_insured_1: true, face_amount: null }, WL] },
      'whole_life',
    ],
  ])('%s', (_name, fields, expected) => {
    expect(engine.evaluateStep(STEP, withPlan(fields as JsonObject)).values.product_type).toBe(expected);
  });

  it('is recomputed, never trusted', () => {
    const data = example(STEP, 'single-life-term');
    record(data).product_type = 'whole_life';
    const view = engine.evaluateStep(STEP, data);
    expect(view.values.product_type).toBe('term_life');
    expect(view.computed.product_type).toBe('term_life');
  });
});

describe('plan-details: single and joint plans are mutually exclusive', () => {
  it('adding a joint plan sets the single life options to null', () => {
    const data = example(STEP, 'single-life-term');
    data['proposed-insured'] = { number_of_insureds: 2 };
    const previous = structuredClone(record(data));
    record(data).joint_plan_options = [
      { product_type: 'term_life', plan_name: 'term_20', coverage_type: 'joint', face_amount: 400000 },
    ];
    const view = engine.evaluateStep(STEP, data, { previous });
    expect(view.values.single_life_options).toBeNull();
    expect(view.values.product_type).toBe('term_life');
    expect(view.errors).toEqual([]);
  });

  it('adding a single life plan sets the joint options to null', () => {
    const data = example(STEP, 'joint-whole-life');
    const previous = structuredClone(record(data));
    record(data).single_life_options = [WL];
    const view = engine.evaluateStep(STEP, data, { previous });
    expect(view.values.joint_plan_options).toBeNull();
    expect(view.values.single_life_options).toEqual([WL]);
  });
});

describe('plan-details: new options', () => {
  type Def = { default?: unknown; properties: Record<string, { default?: unknown; enum?: unknown[] }> };
  const schema = definitions.steps[STEP].schema as { definitions: Record<string, Def> };

  it('a new option pre-selects nothing: no insured, no face amount, no coverage type', () => {
    expect(schema.definitions.single_life_option.properties.proposed_insured_1.default).toBeUndefined();
    expect(schema.definitions.face_amount.default ?? null).toBeNull();
    const view = engine.evaluateStep(
      STEP,
      withPlan({ joint_plan_options: [{ product_type: 'term_life', face_amount: null }] }),
    );
    expect((view.values.joint_plan_options as JsonObject[])[0].coverage_type ?? null).toBeNull();
    expect(view.errors.map((e) => e.message)).toEqual(
      expect.arrayContaining([
        ruleMessage('plan-details', 'joint_plan_options.*.plan_name'),
        ruleMessage('plan-details', 'joint_plan_options.*.coverage_type'),
        ruleMessage('plan-details', 'joint_plan_options.*.face_amount', 'other'),
      ]),
    );
  });

  it('a single life plan must say which insured it covers', () => {
    const data = example(STEP, 'single-life-term');
    data['proposed-insured'] = { number_of_insureds: 2 };
    const plan = (record(data).single_life_options as JsonObject[])[0];
    delete plan.proposed_insured_1;
    expect(errorsOf(STEP, data).map((e) => e.message)).toContain(
      ruleMessage('plan-details', 'single_life_options.*.proposed_insured_1'),
    );
    plan.proposed_insured_1 = false;
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('a joint plan needs two proposed insureds', () => {
    const data = withPlan({
      joint_plan_options: [
        { product_type: 'term_life', plan_name: 'term_20', coverage_type: 'joint', face_amount: 400000 },
      ],
    });
    expect(errorsOf(STEP, data)).toEqual([]);
    data['proposed-insured'] = { number_of_insureds: 1 };
    expect(errorsOf(STEP, data)).toContainEqual({
      field: 'joint_plan_options',
      message: ruleMessage('plan-details', 'joint_plan_options', 'other'),
    });
  });

  it('a chosen coverage type is kept', () => {
    const data = example(STEP, 'joint-whole-life');
    expect(engine.evaluateStep(STEP, data).values.joint_plan_options).toEqual(record(data).joint_plan_options);
  });
});

describe('plan-details: enumerations', () => {
  it.each([
    ['universal_life', ['life_dimensions', 'life_dimensions_low_fees', 'wealth_dimensions']],
    ['term_life', ['term_10', 'term_15', 'term_20', 'term_25', 'term_30']],
    ['whole_life', ['term_100', 'estate_protector', 'wealth_accelerator', 'pay_10', 'pay_to_100']],
  ])('%s offers exactly its plans', (productType, plans) => {
    const all = [
      'life_dimensions',
      'life_dimensions_low_fees',
      'wealth_dimensions',
      'term_10',
      'term_15',
      'term_20',
      'term_25',
      'term_30',
      'term_100',
      'estate_protector',
      'wealth_accelerator',
      'pay_10',
      'pay_to_100',
    ];
    for (const plan of all) {
      const fields = withPlan({
        single_life_options: [
          { product_type: productType, plan_name: plan, proposed_insured_1: true, face_amount: 100000 },
        ],
      });
      const planErrors = errorsOf(STEP, fields).filter((e) => e.field === 'single_life_options.0.plan_name');
      expect(planErrors.length === 0).toBe(plans.includes(plan));
    }
  });

  it.each([
    ['term_life', ['joint', 'combined'], ['joint_first_to_die', 'joint_last_to_die', 'multi_coverage']],
    ['whole_life', ['joint_first_to_die', 'joint_last_to_die', 'multi_coverage'], ['joint', 'combined']],
    ['universal_life', ['joint_first_to_die', 'joint_last_to_die', 'multi_coverage'], ['joint', 'combined']],
  ])('%s joint coverage types', (productType, allowed, refused) => {
    for (const coverage of allowed) {
      const plan = { term_life: 'term_20', whole_life: 'pay_10', universal_life: 'life_dimensions' }[productType];
      const data = withPlan({
        joint_plan_options: [
          { product_type: productType, plan_name: plan, coverage_type: coverage, face_amount: 500000 },
        ],
      });
      const view = engine.evaluateStep(STEP, data);
      expect((view.values.joint_plan_options as JsonObject[])[0].coverage_type).toBe(coverage);
      expect(view.errors).toEqual([]);
    }
    for (const coverage of refused) {
      // A coverage type of another product family is cleared, and the adviser is asked again: nothing is chosen for them.
      const data = withPlan({
        joint_plan_options: [{ product_type: productType, coverage_type: coverage, face_amount: 500000 }],
      });
      const view = engine.evaluateStep(STEP, data);
      expect((view.values.joint_plan_options as JsonObject[])[0].coverage_type ?? null).toBeNull();
      expect(view.errors.map((e) => e.message)).toContain(
        ruleMessage('plan-details', 'joint_plan_options.*.coverage_type'),
      );
    }
  });

  it('a face amount is required and greater than $0', () => {
    const data = example(STEP, 'single-life-term');
    const FACE = {
      field: 'single_life_options.0.face_amount',
      message: ruleMessage('plan-details', 'single_life_options.*.face_amount', 'other'),
    };
    for (const amount of [-1, 0, null]) {
      (record(data).single_life_options as JsonObject[])[0].face_amount = amount;
      expect(errorsOf(STEP, data).map((e) => e.field)).toContain(FACE.field);
    }
    (record(data).single_life_options as JsonObject[])[0].face_amount = null;
    expect(errorsOf(STEP, data)).toContainEqual(FACE);
    (record(data).single_life_options as JsonObject[])[0].face_amount = 100000;
    expect(errorsOf(STEP, data)).toEqual([]);
  });
});

describe('plan-details: texts', () => {
  it("shows the signed-illustration note and the spec's notices", () => {
    const ui = definitions.steps[STEP].ui as Record<string, Record<string, unknown>>;
    expect(ui.illustration_note['ui:widget']).toBe('note');
    expect(String(ui.illustration_note['ui:description'])).toMatch(
      /signed illustration must be submitted for universal life and whole life/i,
    );
    expect(ui['ui:options']).toMatchObject({
      successMessage: specText('plan-details.successMessage'),
      saveErrorMessage: specText('plan-details.saveErrorMessage'),
    });
    // The plans' catalogue entries say who needs an illustration: universal and whole life, never a term plan.
    expect(engine.evaluateStep(STEP, example(STEP, 'universal-life-save-age')).hidden).not.toContain(
      'illustration_note',
    );
    expect(engine.evaluateStep(STEP, example(STEP, 'joint-whole-life')).hidden).not.toContain('illustration_note');
    expect(engine.evaluateStep(STEP, example(STEP, 'single-life-term')).hidden).toContain('illustration_note');
  });
});

describe('plan-details: the product code of the plans, from the plan catalogue (issue 31)', () => {
  const codeOf = (fields: JsonObject) => engine.evaluateStep(STEP, withPlan(fields)).values.product_code;
  const catalogue = definitions.flow.lists?.plans as { id: string; product_type: string; product_code: string }[];

  it('gives each plan of the catalogue its own code: a Term 20 plan is t20, a Term 30 plan t30', () => {
    expect(codeOf({ single_life_options: [{ ...TERM, plan_name: 'term_20' }] })).toBe('t20');
    expect(codeOf({ single_life_options: [{ ...TERM, plan_name: 'term_30' }] })).toBe('t30');
    expect(codeOf({ single_life_options: [TERM] })).toBe('t10');
    expect(codeOf({ single_life_options: [UL] })).toBe('universal_life');
    expect(codeOf({ single_life_options: [WL] })).toBe('whole_life');
    for (const entry of catalogue)
      expect(
        codeOf({ single_life_options: [{ ...TERM, product_type: entry.product_type, plan_name: entry.id }] }),
      ).toBe(entry.product_code);
  });

  it('is one code for plans that share it, combination for plans that differ, null without a plan', () => {
    expect(codeOf({ single_life_options: [UL, { ...UL, plan_name: 'life_dimensions' }] })).toBe('universal_life');
    expect(codeOf({ single_life_options: [TERM, { ...TERM, plan_name: 'term_20' }] })).toBe('combination');
    expect(codeOf({ single_life_options: [TERM, WL] })).toBe('combination');
    expect(codeOf({ joint_plan_options: [{ ...WL, coverage_type: 'joint_last_to_die' }] })).toBe('whole_life');
    expect(codeOf({ single_life_options: [] })).toBeNull();
    expect(codeOf({ single_life_options: [{ ...TERM, plan_name: null }] })).toBeNull();
  });

  it('offers every plan of the catalogues, each of a product type of the step, labelled by its name', () => {
    const types = (definitions.steps[STEP].schema.definitions as Record<string, { enum?: unknown[] }>).plan_product_type
      .enum;
    for (const plan of catalogue) expect(types).toContain(plan.product_type);
    expect(engine.labelOf(STEP, 'single_life_options.0.plan_name', 'estate_protector')).toBe('Estate Protector');
    expect(engine.labelOf(STEP, 'joint_plan_options.0.plan_name', 'manulife_par_20_pay')).toBe('Manulife Par - 20 Pay');
  });
});

describe("plan-details: each plan within its catalogue's bounds (issue 26)", () => {
  const rules = (realFiles()[`${STEP}/rules.json`] as { validation: { field: string; message: string }[] }).validation;
  /** The rule's wording, filled as the engine fills it: found by the field and a placeholder only that rule has. */
  function message(field: string, placeholder: string, values: Record<string, string>): string {
    const rule = rules.find((r) => r.field === field && r.message.includes(placeholder));
    if (!rule) throw new Error(`no rule for ${field} with ${placeholder}`);
    return rule.message.replace(/\{(\w+)\}/g, (_, name: string) => values[name]);
  }
  /** A date of birth that makes someone `years` old today (born on this day of the month, that many years ago). */
  function bornYearsAgo(years: number): string {
    const now = new Date();
    const pad = (n: number): string => String(n).padStart(2, '0');
    return `${now.getFullYear() - years}-${pad(now.getMonth() + 1)}-${pad(now.getDate() > 28 ? 28 : now.getDate())}`;
  }
  const PAR20 = { product_type: 'whole_life', plan_name: 'manulife_par_20_pay', face_amount: 500000 };
  const FACE = { plan: 'Manulife Par - 20 Pay', min: '25,000', max: '30,000,000' };
  function single(row: JsonObject, ages: [number, number] = [40, 40]): ApplicationData {
    const data = withPlan({ single_life_options: [{ proposed_insured_1: true, ...row }] });
    data['proposed-insured'] = {
      number_of_insureds: 2,
      insured_1: { date_of_birth: bornYearsAgo(ages[0]) },
      insured_2: { date_of_birth: bornYearsAgo(ages[1]) },
    };
    return data;
  }
  function joint(row: JsonObject, ages: [number, number]): ApplicationData {
    const data = single({}, ages);
    record(data).single_life_options = null;
    record(data).joint_plan_options = [{ coverage_type: 'joint_last_to_die', ...row }];
    return data;
  }

  it('refuses a face amount below the plan minimum, naming the plan and its range', () => {
    expect(errorsOf(STEP, single({ ...PAR20, face_amount: 24999 }))).toEqual([
      {
        field: 'single_life_options.0.face_amount',
        message: message('single_life_options.*.face_amount', '{min}', FACE),
      },
    ]);
    expect(message('single_life_options.*.face_amount', '{min}', FACE)).toBe(
      'The face amount for Manulife Par - 20 Pay must be from $25,000 to $30,000,000',
    );
  });

  it('refuses a face amount above the plan maximum, for joint plans too', () => {
    expect(errorsOf(STEP, single({ ...PAR20, face_amount: 30000001 }))).toEqual([
      {
        field: 'single_life_options.0.face_amount',
        message: message('single_life_options.*.face_amount', '{min}', FACE),
      },
    ]);
    expect(errorsOf(STEP, joint({ ...PAR20, face_amount: 30000001 }, [40, 40]))).toEqual([
      {
        field: 'joint_plan_options.0.face_amount',
        message: message('joint_plan_options.*.face_amount', '{min}', FACE),
      },
    ]);
  });

  it('accepts a face amount within the range, its ends included', () => {
    for (const face_amount of [25000, 500000, 30000000]) {
      expect(errorsOf(STEP, single({ ...PAR20, face_amount }))).toEqual([]);
      expect(errorsOf(STEP, joint({ ...PAR20, face_amount }, [40, 40]))).toEqual([]);
    }
  });

  it('each plan is checked against its own range: $50,000 suits Manulife Par but not a Manulife term plan', () => {
    const term = { product_type: 'term_life', plan_name: 'manulife_vitality_term_20', face_amount: 50000 };
    expect(errorsOf(STEP, single({ ...PAR20, face_amount: 50000 }))).toEqual([]);
    expect(errorsOf(STEP, single(term)).map((e) => e.message)).toEqual([
      message('single_life_options.*.face_amount', '{min}', {
        plan: 'Manulife Vitality Term 20',
        min: '100,000',
        max: '25,000,000',
      }),
    ]);
  });

  it('refuses an insured too old for the plan: the one the single-life row covers', () => {
    const tooOld = { plan: 'Manulife Par - 20 Pay', min: '0', max: '80', age: '81' };
    expect(errorsOf(STEP, single(PAR20, [81, 40]))).toEqual([
      {
        field: 'single_life_options.0.plan_name',
        message: message('single_life_options.*.plan_name', '{age}', { ...tooOld, n: '1' }),
      },
    ]);
    // The row covers insured 2, who is 40: insured 1's age is not the row's business.
    expect(errorsOf(STEP, single({ ...PAR20, proposed_insured_1: false }, [81, 40]))).toEqual([]);
    expect(errorsOf(STEP, single({ ...PAR20, proposed_insured_1: false }, [40, 81])).map((e) => e.message)).toEqual([
      message('single_life_options.*.plan_name', '{age}', { ...tooOld, n: '2' }),
    ]);
    expect(errorsOf(STEP, single(PAR20, [80, 40]))).toEqual([]);
  });

  it('refuses a joint plan when either insured is outside its issue ages, and an insured too young for a term plan', () => {
    const errors = errorsOf(STEP, joint(PAR20, [40, 81]));
    expect(errors).toEqual([
      {
        field: 'joint_plan_options.0.plan_name',
        message: 'Proposed Insured 2 must be from age 0 to 80 for Manulife Par - 20 Pay (now 81)',
      },
    ]);
    const term = { product_type: 'term_life', plan_name: 'manulife_family_term_20', face_amount: 500000 };
    expect(errorsOf(STEP, single(term, [17, 40])).map((e) => e.message)).toEqual([
      message('single_life_options.*.plan_name', '{age}', {
        plan: 'Family Term 20',
        min: '18',
        max: '65',
        age: '17',
        n: '1',
      }),
    ]);
  });

  it('says nothing of ages before the date of birth is known', () => {
    const data = single(PAR20);
    data['proposed-insured'] = { number_of_insureds: 2, insured_1: { date_of_birth: null } };
    expect(errorsOf(STEP, data)).toEqual([]);
  });
});
