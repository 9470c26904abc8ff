import { engine, example, errorsOf, definitions } from '../support/engine.ts';
import type { ApplicationData, JsonObject } from '../../engine/index.ts';
import { specText } from '../support/specText.ts';

const STEP = 'insurance-history';

/** A local ISO date `years` years and `days` days before today (the engine's `today` is local time too). */
function yearsAgo(years: number, days = 0): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  d.setDate(d.getDate() - days);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function history(data: ApplicationData): JsonObject {
  return data[STEP] as JsonObject;
}
function insured(data: ApplicationData, n: 1 | 2): JsonObject {
  return history(data)[`insured_${n}`] as JsonObject;
}

const entry = {
  company: 'Desjardins',
  insurance_type: 'life',
  personal_amount: 100000,
  business_amount: null,
  year_issued: 2015,
  is_pending: false,
};

describe('insurance-history examples', () => {
  it.each(Object.keys(definitions.steps[STEP].examples))('%s has no errors', (name) => {
    expect(errorsOf(STEP, example(STEP, name))).toEqual([]);
  });

  it('covers the spec variants', () => {
    expect(Object.keys(definitions.steps[STEP].examples).sort()).toEqual([
      'existing-with-replacement',
      'minor-insured',
      'no-existing-insurance',
      'two-insureds',
    ]);
  });
});

describe('insurance-history validation (per insured)', () => {
  it.each([
    [1, specText('insurance-history.insured_1.title')],
    [2, specText('insurance-history.insured_2.title')],
  ] as const)('insured %i with existing insurance needs at least one entry', (n, who) => {
    const data = example(STEP, 'two-insureds');
    Object.assign(insured(data, n), { has_existing_insurance: true, existing_insurance_entries: [] });
    const error = {
      field: `insured_${n}.existing_insurance_entries`,
      message: `Please add at least one insurance entry for ${who}`,
    };
    expect(errorsOf(STEP, data)).toContainEqual(error);
    insured(data, n).existing_insurance_entries = [entry];
    expect(errorsOf(STEP, data)).not.toContainEqual(error);
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('a missing entry list counts as empty', () => {
    const data = example(STEP, 'no-existing-insurance');
    insured(data, 1).has_existing_insurance = true;
    delete insured(data, 1).existing_insurance_entries;
    expect(errorsOf(STEP, data)).toContainEqual({
      field: 'insured_1.existing_insurance_entries',
      message: 'Please add at least one insurance entry for Proposed Insured 1',
    });
  });

  it.each([
    [1, specText('insurance-history.insured_1.title')],
    [2, specText('insurance-history.insured_2.title')],
  ] as const)('insured %i replacement needs a replacement analysis', (n, who) => {
    const data = example(STEP, 'two-insureds');
    Object.assign(insured(data, n), { is_replacement: true, replacement_analysis: '   ' });
    const error = {
      field: `insured_${n}.replacement_analysis`,
      message: `Please provide a replacement analysis for ${who}`,
    };
    expect(errorsOf(STEP, data)).toContainEqual(error);
    insured(data, n).replacement_analysis = 'Lower premium for the same coverage; no surrender charge.';
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it.each([
    [1, specText('insurance-history.insured_1.title')],
    [2, specText('insurance-history.insured_2.title')],
  ] as const)('insured %i declined insurance needs details', (n, who) => {
    const data = example(STEP, 'two-insureds');
    Object.assign(insured(data, n), { has_declined_insurance: true, declined_details: '' });
    const error = {
      field: `insured_${n}.declined_details`,
      message: `Please provide details about declined insurance for ${who}`,
    };
    expect(errorsOf(STEP, data)).toContainEqual(error);
    insured(data, n).declined_details = 'Declined by Industrial Alliance in 2020 (build).';
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it.each([
    [1, specText('insurance-history.insured_1.title')],
    [2, specText('insurance-history.insured_2.title')],
  ] as const)('insured %i cancelling a policy needs its number', (n, who) => {
    const data = example(STEP, 'two-insureds');
    Object.assign(insured(data, n), { will_cancel_existing_policy: true });
    const error = {
      field: `insured_${n}.existing_policy_number`,
      message: `Please provide the existing policy number to be canceled for ${who}`,
    };
    expect(errorsOf(STEP, data)).toContainEqual(error);
    insured(data, n).existing_policy_number = 'ML-887766';
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('an insured under 16 with existing insurance needs the parent/legal guardian and sibling amounts', () => {
    const data = example(STEP, 'minor-insured');
    Object.assign(insured(data, 1), { parent_guardian_amount: null, sibling_amount: undefined });
    const errors = errorsOf(STEP, data);
    expect(errors).toContainEqual({
      field: 'insured_1.parent_guardian_amount',
      message: 'Please provide the parent/legal guardian amount for Proposed Insured 1',
    });
    expect(errors).toContainEqual({
      field: 'insured_1.sibling_amount',
      message: 'Please provide the sibling amount for Proposed Insured 1',
    });
    Object.assign(insured(data, 1), { parent_guardian_amount: 0, sibling_amount: 0 });
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('the under-16 amounts of insured 2 are named for Proposed Insured 2', () => {
    const data = example(STEP, 'two-insureds');
    (data['proposed-insured'] as { insured_2: JsonObject }).insured_2.date_of_birth = yearsAgo(12);
    Object.assign(insured(data, 2), { has_existing_insurance: true, existing_insurance_entries: [entry] });
    const errors = errorsOf(STEP, data);
    expect(errors).toContainEqual({
      field: 'insured_2.parent_guardian_amount',
      message: 'Please provide the parent/legal guardian amount for Proposed Insured 2',
    });
    expect(errors).toContainEqual({
      field: 'insured_2.sibling_amount',
      message: 'Please provide the sibling amount for Proposed Insured 2',
    });
  });

  it('the under-16 amounts may not be negative', () => {
    const data = example(STEP, 'minor-insured');
    insured(data, 1).sibling_amount = -5;
    expect(errorsOf(STEP, data).map((e) => e.field)).toContain('insured_1.sibling_amount');
  });

  it('the questions of a hidden insured 2 are not checked', () => {
    const data = example(STEP, 'no-existing-insurance');
    history(data).insured_2 = { has_existing_insurance: true, existing_insurance_entries: [], is_replacement: true };
    expect(errorsOf(STEP, data)).toEqual([]);
  });
});

describe('insurance-history visibility', () => {
  it('entries show only while has_existing_insurance is Yes, and are cleared otherwise', () => {
    const data = example(STEP, 'existing-with-replacement');
    let view = engine.evaluateStep(STEP, data);
    expect(view.hidden).not.toContain('insured_1.existing_insurance_entries');
    insured(data, 1).has_existing_insurance = false;
    view = engine.evaluateStep(STEP, data);
    expect(view.hidden).toContain('insured_1.existing_insurance_entries');
    expect((view.values.insured_1 as JsonObject).existing_insurance_entries).toBeUndefined();
    expect(view.errors).toEqual([]);
  });

  it.each([
    ['is_replacement', 'replacement_analysis', 'Switching to a level-premium plan.'],
    ['has_declined_insurance', 'declined_details', 'Postponed in 2021.'],
    ['will_cancel_existing_policy', 'existing_policy_number', 'CL-1234'],
  ])('%s = No hides and clears %s', (question, detail, answer) => {
    const data = example(STEP, 'no-existing-insurance');
    Object.assign(insured(data, 1), { [question]: true, [detail]: answer });
    let view = engine.evaluateStep(STEP, data);
    expect(view.hidden).not.toContain(`insured_1.${detail}`);
    expect((view.values.insured_1 as JsonObject)[detail]).toBe(answer);
    insured(data, 1)[question] = false;
    view = engine.evaluateStep(STEP, data);
    expect(view.hidden).toContain(`insured_1.${detail}`);
    expect((view.values.insured_1 as JsonObject)[detail]).toBeUndefined();
    expect(view.cleared).toContain(`insured_1.${detail}`);
  });

  it('insured 2 shows only after adding Proposed Insured 2, and removing it clears it', () => {
    const data = example(STEP, 'two-insureds');
    expect(engine.evaluateStep(STEP, data).hidden).not.toContain('insured_2');
    data['proposed-insured'] = { number_of_insureds: 1 };
    const view = engine.evaluateStep(STEP, data);
    expect(view.hidden).toContain('insured_2');
    expect(view.values.insured_2).toBeUndefined();
  });

  const minorFields = ['insured_1.parent_guardian_amount', 'insured_1.sibling_amount'];

  it('minor fields show for an insured under 16 with existing insurance', () => {
    const view = engine.evaluateStep(STEP, example(STEP, 'minor-insured'));
    for (const f of minorFields) expect(view.hidden).not.toContain(f);
    expect((view.values.insured_1 as JsonObject).parent_guardian_amount).toBe(500000);
  });

  it('minor fields are hidden and cleared for an insured under 16 without existing insurance', () => {
    const data = example(STEP, 'minor-insured');
    insured(data, 1).has_existing_insurance = false;
    const view = engine.evaluateStep(STEP, data);
    for (const f of minorFields) expect(view.hidden).toContain(f);
    expect((view.values.insured_1 as JsonObject).parent_guardian_amount).toBeUndefined();
    expect((view.values.insured_1 as JsonObject).sibling_amount).toBeUndefined();
  });

  it('the threshold is under 16: a 16th birthday today hides the minor fields, one day short shows them', () => {
    const data = example(STEP, 'minor-insured');
    const pi = data['proposed-insured'] as { insured_1: JsonObject };
    pi.insured_1.date_of_birth = yearsAgo(16);
    let view = engine.evaluateStep(STEP, data);
    for (const f of minorFields) expect(view.hidden).toContain(f);
    pi.insured_1.date_of_birth = yearsAgo(16, -1);
    view = engine.evaluateStep(STEP, data);
    for (const f of minorFields) expect(view.hidden).not.toContain(f);
  });

  it('minor fields are hidden for an adult and when the date of birth is unknown', () => {
    const adult = example(STEP, 'existing-with-replacement');
    for (const f of minorFields) expect(engine.evaluateStep(STEP, adult).hidden).toContain(f);
    const unknown = example(STEP, 'minor-insured');
    delete (unknown['proposed-insured'] as { insured_1: JsonObject }).insured_1.date_of_birth;
    for (const f of minorFields) expect(engine.evaluateStep(STEP, unknown).hidden).toContain(f);
  });

  it("minor fields of insured 2 follow insured 2's own date of birth", () => {
    const data = example(STEP, 'two-insureds');
    (data['proposed-insured'] as { insured_2: JsonObject }).insured_2.date_of_birth = yearsAgo(9);
    Object.assign(insured(data, 2), {
      has_existing_insurance: true,
      existing_insurance_entries: [entry],
      parent_guardian_amount: 250000,
      sibling_amount: 0,
    });
    const view = engine.evaluateStep(STEP, data);
    expect(view.hidden).not.toContain('insured_2.parent_guardian_amount');
    expect(view.hidden).toContain('insured_1.parent_guardian_amount');
    expect(view.errors).toEqual([]);
  });
});

describe('insurance-history computed date of birth', () => {
  it("copies each insured's date of birth from the Proposed Insured step", () => {
    const data = example(STEP, 'two-insureds');
    delete insured(data, 1).date_of_birth;
    insured(data, 2).date_of_birth = '2000-01-01';
    const view = engine.evaluateStep(STEP, data);
    expect((view.values.insured_1 as JsonObject).date_of_birth).toBe('1982-02-14');
    expect((view.values.insured_2 as JsonObject).date_of_birth).toBe('1984-09-30');
    expect(view.computed).toMatchObject({
      'insured_1.date_of_birth': '1982-02-14',
      'insured_2.date_of_birth': '1984-09-30',
    });
  });

  it('does not create insured 2 when it was not added', () => {
    const view = engine.evaluateStep(STEP, example(STEP, 'no-existing-insurance'));
    expect(view.values.insured_2).toBeUndefined();
  });
});

describe('insurance-history texts', () => {
  it('labels the four insurance types', () => {
    type Ui = { [key: string]: Ui | string };
    const at = (node: Ui, ...keys: string[]): Ui => keys.reduce((n, k) => n[k] as Ui, node);
    const names = at(
      definitions.steps[STEP].ui as Ui,
      'ui:definitions',
      '#/definitions/insurance_history_data',
      'existing_insurance_entries',
      'items',
      'insurance_type',
      'ui:enumNames',
    );
    expect(Object.values(names as Record<string, string>)).toEqual([
      'Life Insurance',
      specText(
        'insurance-history.insurance_history_data.existing_insurance_entries.insurance_type.enumNames.critical_illness',
      ),
      'Disability Insurance',
      specText(
        'insurance-history.insurance_history_data.existing_insurance_entries.insurance_type.enumNames.long_term_care',
      ),
    ]);
  });
});
