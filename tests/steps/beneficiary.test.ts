import { engine, example, errorsOf, definitions } from '../support/engine.ts';
import type { ApplicationData, JsonObject } from '../../engine/index.ts';
import { specText } from '../support/specText.ts';

const STEP = 'beneficiary';

/** A local ISO date `years` years and `days` days before today (the engine's `today` is local time too). */
function yearsAgo(years: number, days = 0): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  d.setDate(d.getDate() - days);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function record(data: ApplicationData): JsonObject {
  return data[STEP] as JsonObject;
}
function insured(data: ApplicationData, n: 1 | 2): JsonObject {
  return record(data)[`insured_${n}`] as JsonObject;
}
function rows(data: ApplicationData, n: 1 | 2, tier: 'primary' | 'contingent'): JsonObject[] {
  return insured(data, n)[`${tier}_beneficiaries`] as JsonObject[];
}
function person(full_name: string, relationship: string, share_percentage: number, extra: JsonObject = {}): JsonObject {
  return {
    full_name,
    relationship,
    beneficiary_type: 'individual',
    date_of_birth: null,
    share_percentage,
    is_revocable: true,
    ...extra,
  };
}
function view(data: ApplicationData, previous?: JsonObject) {
  return engine.evaluateStep(STEP, data, previous ? { previous } : {});
}

describe('beneficiary examples', () => {
  it.each(Object.keys(definitions.steps[STEP].examples))('%s has no errors', (name) => {
    expect(errorsOf(STEP, example(STEP, name))).toEqual([]);
  });

  it('covers the spec variants', () => {
    expect(Object.keys(definitions.steps[STEP].examples).sort()).toEqual([
      'minors-with-trustees',
      'one-beneficiary',
      'quebec-spouse',
      'split-with-contingent',
      'two-insureds',
    ]);
  });
});

describe('beneficiary list sizes', () => {
  it('requires at least one primary beneficiary for insured 1', () => {
    const error = {
      field: 'insured_1.primary_beneficiaries',
      message: specText('beneficiary.insured_beneficiaries.primary_beneficiaries.errorMessage.minItems'),
    };
    const data = example(STEP, 'one-beneficiary');
    insured(data, 1).primary_beneficiaries = [];
    expect(errorsOf(STEP, data)).toContainEqual(error);
    delete insured(data, 1).primary_beneficiaries;
    expect(errorsOf(STEP, data)).toContainEqual(error);
    delete record(data).insured_1;
    expect(errorsOf(STEP, data)).toContainEqual(error);
    record(data).insured_1 = {
      primary_beneficiaries: [person('Sarah Thompson', 'spouse', 100)],
      contingent_beneficiaries: [],
    };
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('requires at least one primary beneficiary for an active insured 2 only', () => {
    const error = {
      field: 'insured_2.primary_beneficiaries',
      message: specText('beneficiary.insured_beneficiaries.primary_beneficiaries.errorMessage.minItems'),
    };
    const data = example(STEP, 'two-insureds');
    insured(data, 2).primary_beneficiaries = [];
    expect(errorsOf(STEP, data)).toContainEqual(error);
    data['proposed-insured'] = { number_of_insureds: 1 };
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('allows at most 3 primary beneficiaries', () => {
    const error = { field: 'insured_1.primary_beneficiaries', message: specText('beneficiary.messages.maxPrimary') };
    const data = example(STEP, 'one-beneficiary');
    insured(data, 1).primary_beneficiaries = [
      person('Anna Roy', 'child', 25),
      person('Ben Roy', 'child', 25),
      person('Carl Roy', 'child', 25),
      person('Dana Roy', 'child', 25),
    ];
    expect(errorsOf(STEP, data)).toContainEqual(error);
    rows(data, 1, 'primary').pop();
    rows(data, 1, 'primary')[2].share_percentage = 50;
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('allows at most 4 contingent beneficiaries', () => {
    const error = {
      field: 'insured_1.contingent_beneficiaries',
      message: specText('beneficiary.messages.maxContingent'),
    };
    const data = example(STEP, 'one-beneficiary');
    insured(data, 1).contingent_beneficiaries = [
      person('Anna Roy', 'child', 20),
      person('Ben Roy', 'child', 20),
      person('Carl Roy', 'child', 20),
      person('Dana Roy', 'child', 20),
      person('Eve Roy', 'child', 20),
    ];
    expect(errorsOf(STEP, data)).toContainEqual(error);
    rows(data, 1, 'contingent').pop();
    rows(data, 1, 'contingent').forEach((r) => {
      r.share_percentage = 25;
    });
    expect(errorsOf(STEP, data)).toEqual([]);
  });
});

describe('beneficiary share totals', () => {
  it('primary shares of insured 1 must total 100%, showing the current total', () => {
    const data = example(STEP, 'split-with-contingent');
    rows(data, 1, 'primary')[1].share_percentage = 40;
    const error = {
      field: 'insured_1.primary_beneficiaries',
      message: 'Primary beneficiary shares for Insured 1 must total 100% (currently 90%)',
    };
    expect(errorsOf(STEP, data)).toContainEqual(error);
    rows(data, 1, 'primary')[1].share_percentage = 50;
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('accepts a total within 0.01 of 100 and rejects one further away', () => {
    const data = example(STEP, 'split-with-contingent');
    insured(data, 1).primary_beneficiaries = [
      person('A B', 'child', 33.33),
      person('C D', 'child', 33.33),
      person('E F', 'child', 33.33),
    ];
    expect(errorsOf(STEP, data)).toEqual([]);
    rows(data, 1, 'primary')[2].share_percentage = 33.32;
    expect(errorsOf(STEP, data)).toContainEqual({
      field: 'insured_1.primary_beneficiaries',
      message: 'Primary beneficiary shares for Insured 1 must total 100% (currently 99.98%)',
    });
    rows(data, 1, 'primary')[2].share_percentage = 33.36;
    expect(errorsOf(STEP, data)).toContainEqual({
      field: 'insured_1.primary_beneficiaries',
      message: 'Primary beneficiary shares for Insured 1 must total 100% (currently 100.02%)',
    });
    rows(data, 1, 'primary')[2].share_percentage = 33.34;
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('contingent shares of insured 1 must total 100% when the list is not empty', () => {
    const data = example(STEP, 'split-with-contingent');
    rows(data, 1, 'contingent')[0].share_percentage = 70;
    const error = {
      field: 'insured_1.contingent_beneficiaries',
      message: 'Contingent beneficiary shares for Insured 1 must total 100% (currently 70%)',
    };
    expect(errorsOf(STEP, data)).toContainEqual(error);
    rows(data, 1, 'contingent')[0].share_percentage = 100;
    expect(errorsOf(STEP, data)).not.toContainEqual(error);
    insured(data, 1).contingent_beneficiaries = [];
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('insured 2 totals are checked only while insured 2 is active', () => {
    const data = example(STEP, 'two-insureds');
    rows(data, 2, 'primary')[0].share_percentage = 80;
    insured(data, 2).contingent_beneficiaries = [person('Kiran Patel', 'sibling', 60)];
    const primary = {
      field: 'insured_2.primary_beneficiaries',
      message: 'Primary beneficiary shares for Insured 2 must total 100% (currently 80%)',
    };
    const contingent = {
      field: 'insured_2.contingent_beneficiaries',
      message: 'Contingent beneficiary shares for Insured 2 must total 100% (currently 60%)',
    };
    expect(errorsOf(STEP, data)).toContainEqual(primary);
    expect(errorsOf(STEP, data)).toContainEqual(contingent);
    rows(data, 2, 'primary')[0].share_percentage = 100;
    rows(data, 2, 'contingent')[0].share_percentage = 100;
    expect(errorsOf(STEP, data)).toEqual([]);
    rows(data, 2, 'primary')[0].share_percentage = 80;
    data['proposed-insured'] = { number_of_insureds: 1 };
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('a share must be a number from 0 to 100', () => {
    const data = example(STEP, 'one-beneficiary');
    rows(data, 1, 'primary')[0].share_percentage = 150;
    expect(errorsOf(STEP, data)).toContainEqual({
      field: 'insured_1.primary_beneficiaries.0.share_percentage',
      message: specText('beneficiary.beneficiary.share_percentage.errorMessage.type'),
    });
    rows(data, 1, 'primary')[0].share_percentage = -5;
    expect(errorsOf(STEP, data)).toContainEqual({
      field: 'insured_1.primary_beneficiaries.0.share_percentage',
      message: specText('beneficiary.beneficiary.share_percentage.errorMessage.type'),
    });
  });

  it('a warning shows live while a tier does not total 100', () => {
    const data = example(STEP, 'split-with-contingent');
    expect(view(data).hidden).toContain('insured_1.primary_share_warning');
    expect(view(data).hidden).toContain('insured_1.contingent_share_warning');
    rows(data, 1, 'primary')[0].share_percentage = 60;
    expect(view(data).hidden).not.toContain('insured_1.primary_share_warning');
    expect(view(data).hidden).toContain('insured_1.contingent_share_warning');
    rows(data, 1, 'contingent')[0].share_percentage = 90;
    expect(view(data).hidden).not.toContain('insured_1.contingent_share_warning');
  });

  it('the warning does not show for an empty contingent list', () => {
    const data = example(STEP, 'one-beneficiary');
    expect(view(data).hidden).toContain('insured_1.contingent_share_warning');
  });
});

describe('beneficiary names and relationships', () => {
  it('every primary beneficiary of insured 1 needs a name and a relationship', () => {
    const error = {
      field: 'insured_1.primary_beneficiaries',
      message: specText('beneficiary.validation.insured_1.primary_beneficiaries.named.message'),
    };
    const data = example(STEP, 'split-with-contingent');
    rows(data, 1, 'primary')[1].relationship = '';
    expect(errorsOf(STEP, data)).toContainEqual(error);
    rows(data, 1, 'primary')[1].relationship = 'child';
    rows(data, 1, 'primary')[0].full_name = '  ';
    expect(errorsOf(STEP, data)).toContainEqual(error);
    rows(data, 1, 'primary')[0].full_name = 'Emily Nguyen';
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('every contingent beneficiary of insured 1 needs a name and a relationship', () => {
    const error = {
      field: 'insured_1.contingent_beneficiaries',
      message: specText('beneficiary.validation.insured_1.contingent_beneficiaries.named.message'),
    };
    const data = example(STEP, 'split-with-contingent');
    delete rows(data, 1, 'contingent')[0].full_name;
    expect(errorsOf(STEP, data)).toContainEqual(error);
    rows(data, 1, 'contingent')[0].full_name = 'Linh Tran';
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('insured 2 names are checked only while insured 2 is active', () => {
    const primary = {
      field: 'insured_2.primary_beneficiaries',
      message: specText('beneficiary.validation.insured_2.primary_beneficiaries.named.message'),
    };
    const contingent = {
      field: 'insured_2.contingent_beneficiaries',
      message: specText('beneficiary.validation.insured_2.contingent_beneficiaries.named.message'),
    };
    const data = example(STEP, 'two-insureds');
    rows(data, 2, 'primary')[0].full_name = null;
    insured(data, 2).contingent_beneficiaries = [person('Kiran Patel', '', 100)];
    expect(errorsOf(STEP, data)).toContainEqual(primary);
    expect(errorsOf(STEP, data)).toContainEqual(contingent);
    rows(data, 2, 'primary')[0].full_name = 'Raj Patel';
    rows(data, 2, 'contingent')[0].relationship = 'sibling';
    expect(errorsOf(STEP, data)).toEqual([]);
    rows(data, 2, 'primary')[0].full_name = null;
    data['proposed-insured'] = { number_of_insureds: 1 };
    expect(errorsOf(STEP, data)).toEqual([]);
  });
});

describe('beneficiary minors, trustees and Quebec', () => {
  it('a beneficiary with a date of birth under 18 is a minor needing a trustee outside Quebec', () => {
    const data = example(STEP, 'one-beneficiary');
    rows(data, 1, 'primary')[0] = person('Noah Thompson', 'child', 100, { date_of_birth: yearsAgo(8) });
    const v = view(data);
    const row = (v.values.insured_1 as JsonObject).primary_beneficiaries as JsonObject[];
    expect(row[0].is_minor).toBe(true);
    expect(row[0].trustee_required).toBe(true);
    expect(row[0].belongs_to_insured).toBe('insured_1');
    expect(row[0].is_primary).toBe(true);
    expect(row[0].is_quebec_policy).toBe(false);
  });

  it('no date of birth, or an adult date of birth, is not a minor', () => {
    const data = example(STEP, 'one-beneficiary');
    insured(data, 1).primary_beneficiaries = [
      person('Sarah Thompson', 'spouse', 50),
      person('Ian Thompson', 'child', 25, { date_of_birth: yearsAgo(18) }),
      person('Ava Thompson', 'child', 25, { date_of_birth: yearsAgo(18, -1) }),
    ];
    const row = (view(data).values.insured_1 as JsonObject).primary_beneficiaries as JsonObject[];
    expect(row.map((r) => r.is_minor)).toEqual([false, false, true]);
    expect(row.map((r) => r.trustee_required)).toEqual([false, false, true]);
  });

  it('contingent rows are marked as contingent and belong to their insured', () => {
    const v = view(example(STEP, 'two-insureds'));
    const i1 = v.values.insured_1 as JsonObject;
    const i2 = v.values.insured_2 as JsonObject;
    expect((i1.contingent_beneficiaries as JsonObject[]).map((r) => [r.is_primary, r.belongs_to_insured])).toEqual([
      [false, 'insured_1'],
      [false, 'insured_1'],
    ]);
    expect((i2.primary_beneficiaries as JsonObject[])[0]).toMatchObject({
      is_primary: true,
      belongs_to_insured: 'insured_2',
    });
  });

  it('trustee sections show only for a tier with a minor, outside Quebec', () => {
    const data = example(STEP, 'minors-with-trustees');
    let v = view(data);
    expect(v.hidden).not.toContain('insured_1.primary_trustee_for_minors');
    expect(v.hidden).not.toContain('insured_1.contingent_trustee_for_minors');
    expect((v.values.insured_1 as JsonObject).primary_trustee_for_minors).toEqual({
      full_name: 'Fiona MacDonald',
      relationship: 'sister',
    });

    rows(data, 1, 'contingent')[0].date_of_birth = null;
    v = view(data);
    expect(v.hidden).toContain('insured_1.contingent_trustee_for_minors');
    expect((v.values.insured_1 as JsonObject).contingent_trustee_for_minors).toBeUndefined();
    expect(v.cleared).toContain('insured_1.contingent_trustee_for_minors');
    expect(v.hidden).not.toContain('insured_1.primary_trustee_for_minors');
  });

  it('in Quebec no trustee is required and trustee sections are hidden', () => {
    const data = example(STEP, 'minors-with-trustees');
    record(data).is_quebec_policy = true;
    const v = view(data);
    expect(v.hidden).toContain('insured_1.primary_trustee_for_minors');
    expect(v.hidden).toContain('insured_1.contingent_trustee_for_minors');
    expect((v.values.insured_1 as JsonObject).primary_trustee_for_minors).toBeUndefined();
    const row = (v.values.insured_1 as JsonObject).primary_beneficiaries as JsonObject[];
    expect(row[0].is_minor).toBe(true);
    expect(row[0].trustee_required).toBe(false);
    expect(row[0].is_quebec_policy).toBe(true);
    expect(v.errors).toEqual([]);
  });

  it('in Quebec a spouse becomes irrevocable; other relationships and non-Quebec spouses do not', () => {
    const data = example(STEP, 'two-insureds');
    let v = view(data);
    expect(((v.values.insured_1 as JsonObject).primary_beneficiaries as JsonObject[])[0].is_revocable).toBe(true);
    record(data).is_quebec_policy = true;
    v = view(data);
    expect(((v.values.insured_1 as JsonObject).primary_beneficiaries as JsonObject[])[0].is_revocable).toBe(false);
    expect(((v.values.insured_2 as JsonObject).primary_beneficiaries as JsonObject[])[0].is_revocable).toBe(false);
    expect(
      ((v.values.insured_1 as JsonObject).contingent_beneficiaries as JsonObject[]).map((r) => r.is_revocable),
    ).toEqual([true, true]);
  });

  it('the spouse relationship is recognised whatever its case or surrounding spaces', () => {
    const data = example(STEP, 'one-beneficiary');
    record(data).is_quebec_policy = true;
    rows(data, 1, 'primary')[0].relationship = ' Spouse ';
    expect(((view(data).values.insured_1 as JsonObject).primary_beneficiaries as JsonObject[])[0].is_revocable).toBe(
      false,
    );
  });

  it('the Quebec note shows only for a Quebec policy', () => {
    const data = example(STEP, 'one-beneficiary');
    expect(view(data).hidden).toContain('quebec_note');
    record(data).is_quebec_policy = true;
    expect(view(data).hidden).not.toContain('quebec_note');
  });
});

describe('beneficiary share redistribution', () => {
  it('adding a beneficiary splits 100 equally, remainder to the new one', () => {
    const data = example(STEP, 'split-with-contingent');
    const previous = structuredClone(record(data));
    rows(data, 1, 'primary').push(person('Grace Nguyen', 'child', 100));
    const shares = ((view(data, previous).values.insured_1 as JsonObject).primary_beneficiaries as JsonObject[]).map(
      (r) => r.share_percentage,
    );
    expect(shares).toEqual([33, 33, 34]);
  });

  it('adding a second beneficiary gives 50/50', () => {
    const data = example(STEP, 'one-beneficiary');
    const previous = structuredClone(record(data));
    rows(data, 1, 'primary').push(person('Noah Thompson', 'child', 100));
    const v = view(data, previous);
    expect(
      ((v.values.insured_1 as JsonObject).primary_beneficiaries as JsonObject[]).map((r) => r.share_percentage),
    ).toEqual([50, 50]);
    expect(v.errors).toEqual([]);
  });

  it('removing a beneficiary splits 100 equally, remainder to the first', () => {
    const data = example(STEP, 'one-beneficiary');
    insured(data, 1).contingent_beneficiaries = [
      person('Anna Roy', 'child', 25),
      person('Ben Roy', 'child', 25),
      person('Carl Roy', 'child', 25),
      person('Dana Roy', 'child', 25),
    ];
    const previous = structuredClone(record(data));
    rows(data, 1, 'contingent').splice(1, 1);
    const v = view(data, previous);
    expect(
      ((v.values.insured_1 as JsonObject).contingent_beneficiaries as JsonObject[]).map((r) => [
        r.full_name,
        r.share_percentage,
      ]),
    ).toEqual([
      ['Anna Roy', 34],
      ['Carl Roy', 33],
      ['Dana Roy', 33],
    ]);
    expect(v.errors).toEqual([]);
  });

  it('redistributes insured 2 lists too', () => {
    const data = example(STEP, 'two-insureds');
    const previous = structuredClone(record(data));
    rows(data, 2, 'primary').push(person('Kiran Patel', 'sibling', 100), person('Asha Patel', 'parent', 100));
    const shares = ((view(data, previous).values.insured_2 as JsonObject).primary_beneficiaries as JsonObject[]).map(
      (r) => r.share_percentage,
    );
    expect(shares).toEqual([33, 33, 34]);
  });

  it('editing a share does not redistribute', () => {
    const data = example(STEP, 'split-with-contingent');
    const previous = structuredClone(record(data));
    rows(data, 1, 'primary')[0].share_percentage = 70;
    const shares = ((view(data, previous).values.insured_1 as JsonObject).primary_beneficiaries as JsonObject[]).map(
      (r) => r.share_percentage,
    );
    expect(shares).toEqual([70, 50]);
  });
});

describe('beneficiary insured 2 toggle', () => {
  it('a second proposed insured starts with one empty primary beneficiary, with no declaration pre-selected', () => {
    const data = example(STEP, 'one-beneficiary');
    const previous = structuredClone(record(data));
    data['proposed-insured'] = { number_of_insureds: 2 };
    const v = view(data, previous);
    expect(v.values.has_insured_2).toBe(true);
    const i2 = v.values.insured_2 as JsonObject;
    expect(i2.primary_beneficiaries).toHaveLength(1);
    expect((i2.primary_beneficiaries as JsonObject[])[0]).toMatchObject({
      beneficiary_type: 'individual',
      share_percentage: 100,
    });
    expect((i2.primary_beneficiaries as JsonObject[])[0].is_revocable ?? null).toBeNull();
    expect(v.errors).toContainEqual({
      field: 'insured_2.primary_beneficiaries',
      message: specText('beneficiary.validation.insured_2.primary_beneficiaries.named.message'),
    });
  });

  it('one proposed insured hides and clears the section of insured 2', () => {
    const data = example(STEP, 'two-insureds');
    data['proposed-insured'] = { number_of_insureds: 1 };
    const v = view(data);
    expect(v.hidden).toContain('insured_2');
    expect(v.cleared).toContain('insured_2');
    expect(v.values.insured_2).toBeUndefined();
  });
});
