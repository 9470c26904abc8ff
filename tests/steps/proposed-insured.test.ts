import { engine, example, errorsOf, definitions } from '../support/engine.ts';
import type { ApplicationData, JsonObject } from '../../engine/index.ts';
import { ruleMessage } from '../support/definitionText.ts';
import { specText } from '../support/specText.ts';

const STEP = 'proposed-insured';

function insured(data: ApplicationData, n: 1 | 2): JsonObject {
  const rec = data[STEP] as JsonObject;
  rec[`insured_${n}`] ??= {};
  return rec[`insured_${n}`] as JsonObject;
}

function tomorrow(): string {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

const SPEC_FIELDS = [
  'title',
  'first_name',
  'middle_name',
  'last_name',
  'maiden_name',
  'name_at_birth',
  'date_of_birth',
  'gender_sex_at_birth',
  'marital_status',
  'is_smoker',
  'smoking_details',
  'citizenship',
  'residency_status',
  'other_residency_status',
  'date_of_entry',
  'place_of_birth_type',
  'place_of_birth_province',
  'place_of_birth_state',
  'place_of_birth_country',
  'primary_id_type',
  'primary_id_number',
  'primary_id_expiry',
  'politically_exposed_person',
  'address_line1',
  'address_line2',
  'city',
  'province',
  'postal_code',
  'is_po_box',
  'physical_residence',
  'years_at_address',
  'phone_primary',
  'phone_alternate',
  'email',
  'email_consent',
  'occupation',
  'type_of_business',
  'years_with_employer',
  'employer_first_name',
  'employer_middle_name',
  'employer_last_name',
  'employer_address_line1',
  'employer_address_line2',
  'employer_city',
  'employer_province',
  'employer_postal_code',
  'is_second_insured',
  'is_client_insured',
  'original_client_id',
  'relationship_to_owner',
  'relationship_to_proposed_insured_1',
];

describe('proposed-insured examples', () => {
  it.each(Object.keys(definitions.steps[STEP].examples))('%s has no errors', (name) => {
    expect(errorsOf(STEP, example(STEP, name))).toEqual([]);
  });
});

describe('proposed-insured: the record', () => {
  type Prop = { default?: unknown; enum?: unknown[]; maxLength?: number; $ref?: string };
  const schema = definitions.steps[STEP].schema as {
    properties: Record<string, Prop>;
    definitions: { insured: { properties: Record<string, Prop> } };
  };
  const props = schema.definitions.insured.properties;

  it('both insureds share one definition holding every spec field', () => {
    expect(schema.properties.insured_1.$ref).toBe('#/definitions/insured');
    expect(schema.properties.insured_2.$ref).toBe('#/definitions/insured');
    for (const f of SPEC_FIELDS) expect(Object.keys(props)).toContain(f);
  });

  it("has the spec's option sets, with no choice pre-selected (issue 10)", () => {
    expect(props.title.enum).toEqual(expect.arrayContaining(['mr', 'mrs', 'ms', 'dr']));
    expect(props.gender_sex_at_birth.enum).toEqual(['male', 'female', 'other']);
    expect(props.marital_status.enum).toEqual(['single', 'married', 'divorced', 'widowed', 'separated', 'common_law']);
    expect(props.residency_status.enum).toEqual(['citizen', 'permanent_resident', 'other']);
    expect(props.place_of_birth_type.enum).toEqual(['canada', 'us', 'other']);
    expect(props.primary_id_type.enum).toEqual(['drivers_license', 'passport', 'provincial_id', 'citizenship_card']);
    for (const field of [
      'gender_sex_at_birth',
      'marital_status',
      'residency_status',
      'place_of_birth_type',
      'primary_id_type',
      'is_smoker',
      'is_po_box',
      'politically_exposed_person',
    ]) {
      expect(props[field], field).not.toHaveProperty('default');
    }
    expect(schema.properties.number_of_insureds.enum).toEqual(expect.arrayContaining([1, 2]));
  });

  it("asks for every choice explicitly, per insured, in the definitions' words", () => {
    const data = example(STEP, 'two-insureds');
    for (const field of [
      'gender_sex_at_birth',
      'marital_status',
      'is_smoker',
      'residency_status',
      'place_of_birth_type',
      'politically_exposed_person',
      'is_po_box',
    ])
      delete insured(data, 2)[field];
    expect(errorsOf(STEP, data)).toEqual([
      {
        field: 'insured_2.gender_sex_at_birth',
        message: 'Please select the gender/sex at birth of Proposed Insured 2',
      },
      { field: 'insured_2.marital_status', message: 'Please select the marital status of Proposed Insured 2' },
      { field: 'insured_2.is_smoker', message: 'Please answer whether Proposed Insured 2 is a smoker' },
      { field: 'insured_2.residency_status', message: 'Please select the residency status of Proposed Insured 2' },
      { field: 'insured_2.place_of_birth_type', message: 'Please select the place of birth of Proposed Insured 2' },
      {
        field: 'insured_2.politically_exposed_person',
        message: 'Please answer whether Proposed Insured 2 is a politically exposed person',
      },
      { field: 'insured_2.is_po_box', message: 'Please answer whether the address of Proposed Insured 2 is a PO Box' },
    ]);
    const none = { [STEP]: { insured_1: insured(example(STEP, 'one-insured'), 1) } };
    expect(errorsOf(STEP, none)).toEqual([
      { field: 'number_of_insureds', message: ruleMessage('proposed-insured', 'number_of_insureds') },
    ]);
  });

  it('refuses implausible dates: born in 1700 or tomorrow, entered Canada before birth, an expired ID', () => {
    const data = example(STEP, 'one-insured');
    insured(data, 1).date_of_birth = '1700-05-01';
    expect(errorsOf(STEP, data)).toContainEqual({
      field: 'insured_1.date_of_birth',
      message: specText('proposed-insured.groups.insured_1.validation.date_of_birth.after1900.message'),
    });
    insured(data, 1).date_of_birth = '1980-05-01';
    insured(data, 1).residency_status = 'other';
    insured(data, 1).other_residency_status = 'Work permit';
    insured(data, 1).date_of_entry = '1979-01-01';
    expect(errorsOf(STEP, data)).toContainEqual({
      field: 'insured_1.date_of_entry',
      message: specText('proposed-insured.groups.insured_1.validation.date_of_entry.afterBirth.message'),
    });
    insured(data, 1).date_of_entry = '2010-01-01';
    insured(data, 1).primary_id_expiry = '2001-01-01';
    expect(errorsOf(STEP, data)).toEqual([
      {
        field: 'insured_1.primary_id_expiry',
        message: specText('proposed-insured.groups.insured_1.validation.primary_id_expiry.message'),
      },
    ]);
  });

  it('keeps every text answer bounded', () => {
    const data = example(STEP, 'one-insured');
    insured(data, 1).occupation = 'x'.repeat(101);
    expect(errorsOf(STEP, data)).toEqual([
      { field: 'insured_1.occupation', message: specText('owner.city.errorMessage.maxLength') },
    ]);
  });

  it('asks how many insureds with "1 Insured" / "2 Insureds" buttons', () => {
    const ui = definitions.steps[STEP].ui as Record<string, Record<string, unknown>>;
    expect(ui.number_of_insureds['ui:enumNames']).toEqual({ 1: '1 Insured', 2: '2 Insureds' });
  });
});

describe('proposed-insured: validation', () => {
  it.each([1, 2] as const)('insured %i: first and last name are required, blank or white space fails', (n) => {
    const data = example(STEP, 'two-insureds');
    insured(data, n).first_name = '  ';
    delete insured(data, n).last_name;
    const errors = errorsOf(STEP, data);
    expect(errors).toContainEqual({
      field: `insured_${n}.first_name`,
      message: specText('proposed-insured.groups.insured_1.validation.last_name.required.message'),
    });
    expect(errors).toContainEqual({
      field: `insured_${n}.last_name`,
      message: specText('proposed-insured.groups.insured_1.validation.last_name.required.message'),
    });
    insured(data, n).first_name = 'Sophie';
    insured(data, n).last_name = 'Gagnon';
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it.each([1, 2] as const)('insured %i: date of birth is required and not in the future', (n) => {
    const data = example(STEP, 'two-insureds');
    delete insured(data, n).date_of_birth;
    expect(errorsOf(STEP, data)).toContainEqual({
      field: `insured_${n}.date_of_birth`,
      message: specText('client-profile.validation.date_of_birth.required.message'),
    });
    insured(data, n).date_of_birth = tomorrow();
    expect(errorsOf(STEP, data)).toContainEqual({
      field: `insured_${n}.date_of_birth`,
      message: specText('proposed-insured.groups.insured_1.validation.date_of_birth.future.message'),
    });
    insured(data, n).date_of_birth = '1990-06-15';
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('postal code is required and Canadian', () => {
    const data = example(STEP, 'one-insured');
    delete insured(data, 1).postal_code;
    expect(errorsOf(STEP, data)).toContainEqual({
      field: 'insured_1.postal_code',
      message: specText('owner.validation.postal_code.required.message'),
    });
    for (const bad of ['12345', 'M5H1K', 'M5H_1K4', 'MM5 1K4']) {
      insured(data, 1).postal_code = bad;
      expect(errorsOf(STEP, data)).toContainEqual({
        field: 'insured_1.postal_code',
        message: specText('proposed-insured.insured.postal_code.errorMessage.pattern'),
      });
    }
    for (const good of ['M5H 1K4', 'm5h1k4', 'M5H-1K4']) {
      insured(data, 1).postal_code = good;
      expect(errorsOf(STEP, data)).toEqual([]);
    }
  });

  it('mobile phone is required and a 10-digit North American number', () => {
    const data = example(STEP, 'one-insured');
    insured(data, 1).phone_primary = '';
    expect(errorsOf(STEP, data)).toContainEqual({
      field: 'insured_1.phone_primary',
      message: specText('proposed-insured.groups.insured_1.validation.phone_primary.required.message'),
    });
    for (const bad of ['555-0134', '416555013', '41655501345', 'phone']) {
      insured(data, 1).phone_primary = bad;
      expect(errorsOf(STEP, data)).toContainEqual({
        field: 'insured_1.phone_primary',
        message: specText('client-profile.phone_primary.errorMessage.type'),
      });
    }
    for (const good of ['4165550134', '416-555-0134', '(416) 555-0134', '(416)-555-0134', '416.555.0134']) {
      insured(data, 1).phone_primary = good;
      expect(errorsOf(STEP, data)).toEqual([]);
    }
  });

  it('email is optional but must be an address when given', () => {
    const data = example(STEP, 'one-insured');
    insured(data, 1).email = 'daniel.tremblay@';
    expect(errorsOf(STEP, data)).toContainEqual({
      field: 'insured_1.email',
      message: specText('client-profile.email.errorMessage.type'),
    });
    delete insured(data, 1).email;
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('years at address is optional, a whole number not below 0', () => {
    const data = example(STEP, 'one-insured');
    for (const bad of [-1, 2.5, 'five']) {
      insured(data, 1).years_at_address = bad;
      expect(errorsOf(STEP, data)).toContainEqual({
        field: 'insured_1.years_at_address',
        message: specText('owner.years_at_address.errorMessage.type'),
      });
    }
    insured(data, 1).years_at_address = 0;
    expect(errorsOf(STEP, data)).toEqual([]);
    delete insured(data, 1).years_at_address;
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('years with employer is a whole number not below 0', () => {
    const data = example(STEP, 'one-insured');
    insured(data, 1).years_with_employer = -2;
    expect(errorsOf(STEP, data).map((e) => e.field)).toContain('insured_1.years_with_employer');
  });

  it('middle initial is limited to 1 character', () => {
    const data = example(STEP, 'one-insured');
    insured(data, 1).middle_name = 'JP';
    expect(errorsOf(STEP, data).map((e) => e.field)).toContain('insured_1.middle_name');
    insured(data, 1).middle_name = 'P';
    expect(errorsOf(STEP, data)).toEqual([]);
  });
});

describe('proposed-insured: one or two insureds', () => {
  it('with one insured, insured 2 is hidden, cleared and not checked', () => {
    const data = example(STEP, 'two-insureds');
    (data[STEP] as JsonObject).number_of_insureds = 1;
    insured(data, 2).first_name = '';
    const view = engine.evaluateStep(STEP, data);
    expect(view.hidden).toContain('insured_2');
    expect(view.values).not.toHaveProperty('insured_2');
    expect(view.cleared).toContain('insured_2');
    expect(view.errors).toEqual([]);
  });

  it('with two insureds, insured 2 is checked', () => {
    const data = example(STEP, 'two-insureds');
    delete insured(data, 2).phone_primary;
    expect(errorsOf(STEP, data)).toContainEqual({
      field: 'insured_2.phone_primary',
      message: specText('proposed-insured.groups.insured_1.validation.phone_primary.required.message'),
    });
  });

  it('a page reports only its own insured', () => {
    const data = example(STEP, 'two-insureds');
    delete insured(data, 2).phone_primary;
    expect(engine.evaluateStep(STEP, data, { fields: ['insured_1'] }).errors).toEqual([]);
    expect(engine.evaluateStep(STEP, data, { fields: ['insured_2'] }).errors).toHaveLength(1);
  });

  it('relationship to proposed insured 1 shows only for the second insured', () => {
    const data = example(STEP, 'two-insureds');
    insured(data, 1).relationship_to_proposed_insured_1 = 'Self';
    const view = engine.evaluateStep(STEP, data);
    expect(view.hidden).toContain('insured_1.relationship_to_proposed_insured_1');
    expect(view.hidden).not.toContain('insured_2.relationship_to_proposed_insured_1');
    expect(view.values.insured_1).not.toHaveProperty('relationship_to_proposed_insured_1');
    expect((view.values.insured_2 as JsonObject).relationship_to_proposed_insured_1).toBe('Spouse');
  });

  it('the second insured is flagged as such, with relationship spouse and a link to the client', () => {
    const data = example(STEP, 'two-insureds');
    for (const f of ['is_second_insured', 'is_client_insured', 'original_client_id', 'relationship_to_owner'])
      delete insured(data, 2)[f];
    delete insured(data, 1).relationship_to_owner;
    const view = engine.evaluateStep(STEP, data);
    expect(view.values.insured_2).toMatchObject({
      is_second_insured: true,
      is_client_insured: false,
      original_client_id: '2087',
      relationship_to_owner: 'spouse',
    });
    expect(view.values.insured_1).toMatchObject({ relationship_to_owner: 'self' });
  });
});

describe('proposed-insured: conditional fields', () => {
  it.each([1, 2] as const)('insured %i: unchecking email consent hides and clears the email', (n) => {
    const data = example(STEP, 'two-insureds');
    insured(data, n).email_consent = false;
    insured(data, n).email = 'someone@example.ca';
    const view = engine.evaluateStep(STEP, data);
    expect(view.hidden).toContain(`insured_${n}.email`);
    expect(view.cleared).toContain(`insured_${n}.email`);
    expect(view.values[`insured_${n}`]).not.toHaveProperty('email');
  });

  it('smoking details show only for smokers', () => {
    const data = example(STEP, 'two-insureds');
    expect(engine.evaluateStep(STEP, data).hidden).not.toContain('insured_1.smoking_details');
    insured(data, 1).is_smoker = false;
    const view = engine.evaluateStep(STEP, data);
    expect(view.hidden).toContain('insured_1.smoking_details');
    expect(view.values.insured_1).not.toHaveProperty('smoking_details');
  });

  it('other residency details and date of entry are kept only when the status is other', () => {
    const data = example(STEP, 'one-insured');
    insured(data, 1).residency_status = 'other';
    insured(data, 1).other_residency_status = 'Work permit';
    insured(data, 1).date_of_entry = '2019-08-20';
    let view = engine.evaluateStep(STEP, data);
    expect(view.hidden).not.toContain('insured_1.other_residency_status');
    expect(view.values.insured_1).toMatchObject({ other_residency_status: 'Work permit', date_of_entry: '2019-08-20' });
    insured(data, 1).residency_status = 'permanent_resident';
    view = engine.evaluateStep(STEP, data);
    expect(view.hidden).toEqual(
      expect.arrayContaining(['insured_1.other_residency_status', 'insured_1.date_of_entry']),
    );
    expect(view.values.insured_1).not.toHaveProperty('other_residency_status');
    expect(view.values.insured_1).not.toHaveProperty('date_of_entry');
  });

  it.each([
    ['canada', 'place_of_birth_province'],
    ['us', 'place_of_birth_state'],
    ['other', 'place_of_birth_country'],
  ])('place of birth %s shows only %s', (type, shown) => {
    const data = example(STEP, 'one-insured');
    insured(data, 1).place_of_birth_type = type;
    const hidden = engine.evaluateStep(STEP, data).hidden;
    for (const f of ['place_of_birth_province', 'place_of_birth_state', 'place_of_birth_country']) {
      if (f === shown) expect(hidden).not.toContain(`insured_1.${f}`);
      else expect(hidden).toContain(`insured_1.${f}`);
    }
  });

  it('physical residence shows only for a PO Box address', () => {
    const data = example(STEP, 'two-insureds');
    expect(engine.evaluateStep(STEP, data).hidden).not.toContain('insured_2.physical_residence');
    insured(data, 2).is_po_box = false;
    const view = engine.evaluateStep(STEP, data);
    expect(view.hidden).toContain('insured_2.physical_residence');
    expect(view.values.insured_2).not.toHaveProperty('physical_residence');
  });
});

describe('proposed-insured: select from previous proposed insureds', () => {
  const previousInsureds = [
    {
      id: 311,
      first_name: 'Chloé',
      last_name: 'Bouchard',
      date_of_birth: '1984-11-02',
      gender_sex_at_birth: 'female',
      marital_status: 'common_law',
      postal_code: 'H2X 1Y4',
      phone_primary: '514-555-0147',
      city: 'Montréal',
      province: 'QC',
      email_consent: true,
      email: 'chloe.bouchard@example.ca',
    },
    { id: 312, first_name: 'Marc', last_name: 'Roy', date_of_birth: '1975-03-19' },
  ];

  it('is offered only for the second insured', () => {
    const data = example(STEP, 'two-insureds');
    const view = engine.evaluateStep(STEP, data);
    expect(view.hidden).toContain('insured_1.previous_insured_id');
    expect(view.hidden).not.toContain('insured_2.previous_insured_id');
  });

  it("copies the chosen past insured into the second insured's form", () => {
    const data = example(STEP, 'two-insureds');
    data.$context = { clientId: '2087', previousInsureds };
    const previous = structuredClone(data[STEP]) as JsonObject;
    insured(data, 2).previous_insured_id = 311;
    const view = engine.evaluateStep(STEP, data, { previous });
    expect(view.values.insured_2).toMatchObject({
      first_name: 'Chloé',
      last_name: 'Bouchard',
      date_of_birth: '1984-11-02',
      city: 'Montréal',
      postal_code: 'H2X 1Y4',
      phone_primary: '514-555-0147',
      email: 'chloe.bouchard@example.ca',
      is_second_insured: true,
    });
    expect(view.values.insured_1).toEqual(insured(example(STEP, 'two-insureds'), 1));
    // A copy, not a link (issue 31): the pick is not kept, so nothing but this application's insured 2 holds it.
    expect(view.values.insured_2).not.toHaveProperty('previous_insured_id');
    // All of Chloé and nothing of whoever was insured 2 before: what her record lacks is asked of her.
    const emily = insured(example(STEP, 'two-insureds'), 2);
    for (const field of ['maiden_name', 'name_at_birth', 'occupation', 'is_smoker', 'citizenship'])
      if (emily[field] !== undefined) expect((view.values.insured_2 as JsonObject)[field] ?? null, field).toBeNull();
    expect(view.errors.map((e) => e.field)).toContain('insured_2.is_smoker');
  });

  it('does nothing for an unknown id', () => {
    const data = example(STEP, 'two-insureds');
    data.$context = { clientId: '2087', previousInsureds };
    const previous = structuredClone(data[STEP]) as JsonObject;
    insured(data, 2).previous_insured_id = 999;
    expect((engine.evaluateStep(STEP, data, { previous }).values.insured_2 as JsonObject).first_name).toBe('Emily');
  });
});
