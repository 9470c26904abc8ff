import { engine, example, errorsOf, definitions } from '../support/engine.ts';
import type { ApplicationData, JsonObject } from '../../engine/index.ts';
import { definitionText } from '../support/definitionText.ts';
import { specText } from '../support/specText.ts';

const STEP = 'owner';
const NAMES = specText('owner.validation.last_name.required.message');

function owner(data: ApplicationData): JsonObject {
  return data[STEP] as JsonObject;
}
function view(data: ApplicationData, previous?: JsonObject) {
  return engine.evaluateStep(STEP, data, previous ? { previous } : {});
}
const schema = definitions.steps[STEP].schema as {
  properties: Record<string, Record<string, unknown>>;
  definitions: Record<string, { properties: Record<string, Record<string, unknown>> }>;
};
const ui = definitions.steps[STEP].ui as Record<string, Record<string, unknown>> & {
  'ui:options': Record<string, unknown>;
  'ui:sections': { id: string; title: string; fields: string[] }[];
};

const INDIVIDUAL_FIELDS = [
  'first_name',
  'middle_initial',
  'last_name',
  'maiden_name',
  'date_of_birth',
  'sex',
  'relationship_to_insured',
  'place_of_birth_type',
  'place_of_birth_province',
  'place_of_birth_state',
  'place_of_birth_country',
  'smoking_class',
  'sole_proprietorship_name',
  'address_line1',
  'address_line2',
  'city',
  'province',
  'postal_code',
  'years_at_address',
  'mobile_phone',
  'phone_number',
  'is_po_box',
  'physical_residence',
  'email',
  'occupation_duties',
  'years_with_employer',
  'employer_first_name',
  'employer_middle_name',
  'employer_last_name',
  'employer_business_type',
  'employer_address_line1',
  'employer_address_line2',
  'employer_city',
  'employer_province',
  'employer_postal_code',
];
const ID_FIELDS = [
  'primary_id_type',
  'primary_id_type_other',
  'primary_id_number',
  'primary_id_expiry',
  'primary_id_country_of_issue',
  'primary_id_place_of_issue',
  'is_physically_present',
  'is_intermediary',
];
const THIRD_PARTY = [
  'third_party_type',
  'third_party_name',
  'third_party_date_of_birth',
  'third_party_relationship',
  'third_party_id_type',
  'third_party_id_number',
  'third_party_id_province',
  'third_party_id_country',
  'third_party_address',
  'third_party_phone',
  'third_party_business',
];
const ENTITY_FIELDS = [
  'legal_name',
  'trade_name',
  'business_type',
  'industry',
  'business_number',
  'contact_name',
  'business_address_line1',
  'business_address_line2',
  'business_city',
  'business_province',
  'business_postal_code',
  'business_phone',
  'mobile_phone',
  'business_email',
  'relationship_to_insured',
  'is_correspondence_different',
  'correspondence_type',
  'correspondence_address_line1',
  'correspondence_address_line2',
  'correspondence_city',
  'correspondence_province',
  'correspondence_postal_code',
  'has_third_party_payor',
  'is_intermediary',
  'is_canadian_tax_resident',
  'requires_fatca_certification',
  'shareholders',
  'annual_sales',
  'annual_profit',
  'fair_market_value',
  'has_shareholder_agreement',
  'has_organizational_chart',
  'accountant_name',
  'tax_lawyer_name',
  'successor_owner_name',
  'successor_owner_relationship',
];

describe('owner examples and record', () => {
  it.each(Object.keys(definitions.steps[STEP].examples))('%s has no errors', (name) => {
    expect(errorsOf(STEP, example(STEP, name))).toEqual([]);
  });

  it('has every field the spec lists for the owner record', () => {
    const fields = [
      'id',
      'client_id',
      'owner_type',
      'ownership_type',
      'is_correspondence_address_different',
      'is_canadian_tax_resident',
      'has_third_party_payor',
      'selected_client_id',
      'has_third_party_instructions',
      'has_third_party_funds',
      'suspect_third_party',
      ...THIRD_PARTY,
      ...ID_FIELDS,
      'secondary_id_type',
      'secondary_id_type_other',
      'secondary_id_number',
      'secondary_id_expiry',
      'secondary_id_country_of_issue',
      'secondary_id_place_of_issue',
      'secondary_is_physically_present',
      'secondary_is_intermediary',
      'is_corporate',
      ...INDIVIDUAL_FIELDS,
      'has_second_individual_owner',
      ...[...INDIVIDUAL_FIELDS, ...ID_FIELDS].map((f) => `individual_2_${f}`),
      ...ENTITY_FIELDS,
    ];
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(fields));
    expect(Object.keys(schema.definitions.shareholder.properties).sort()).toEqual(['name', 'ownership_percentage']);
  });

  it("offers the spec's owner types, relationship and ID type options with their labels", () => {
    expect(schema.properties.owner_type.enum).toEqual(
      expect.arrayContaining(['insured_1', 'insured_2', 'joint_insureds', 'individual', 'entity']),
    );
    expect(ui.owner_type['ui:enumNames']).toEqual({
      insured_1: specText('owner.owner_type.enumNames.insured_1'),
      insured_2: specText('owner.owner_type.enumNames.insured_2'),
      joint_insureds: specText('owner.owner_type.enumNames.joint_insureds'),
      individual: 'Different Individual',
      entity: 'Corporation/Trust/Entity',
    });
    expect(schema.properties.relationship_to_insured.enum).toEqual(['spouse', 'child', 'parent', 'other', null]);
    expect(schema.properties.primary_id_type.enum).toEqual([
      'passport',
      'drivers_license',
      'provincial_id',
      'other',
      null,
    ]);
    expect(schema.properties.sex.enum).toEqual(['M', 'F', null]);
    expect(schema.properties.place_of_birth_type.enum).toEqual(['canada', 'us', 'other', null]);
    expect(schema.properties.smoking_class.enum).toEqual(['smoker', 'non_smoker', null]);
    expect(ui.has_second_individual_owner['ui:widget']).toBe('toggleButton');
    expect(ui.has_second_individual_owner['ui:options']).toMatchObject({
      onLabel: specText('owner.has_second_individual_owner.onLabel'),
      offLabel: specText('owner.has_second_individual_owner.offLabel'),
    });
  });

  it("pre-selects no answer, and keeps the spec's limits", () => {
    const p = schema.properties;
    for (const field of [
      'years_at_address',
      'years_with_employer',
      'correspondence_type',
      'business_type',
      'primary_id_type',
      'primary_id_country_of_issue',
      'is_canadian_tax_resident',
      'is_correspondence_address_different',
      'has_third_party_payor',
    ]) {
      expect(p[field].default, field).toBeUndefined();
    }
    expect(p.middle_initial.maxLength).toBe(1);
    expect(p.individual_2_middle_initial.maxLength).toBe(1);
  });

  it('has the buttons and notices of the spec', () => {
    expect(ui['ui:options']).toMatchObject({
      backLabel: 'Back',
      saveLabel: 'Save',
      nextLabel: 'Next',
      busySaveLabel: 'Saving...',
      busyNextLabel: 'Processing...',
      successMessage: specText('owner.successMessage'),
      saveErrorMessage: specText('owner.saveErrorMessage'),
    });
  });
});

describe('owner validation', () => {
  it('an individual owner needs a first and a last name, after trimming', () => {
    const data = example(STEP, 'individual');
    owner(data).first_name = '   ';
    owner(data).last_name = null;
    const errors = errorsOf(STEP, data);
    expect(errors).toContainEqual({ field: 'first_name', message: NAMES });
    expect(errors).toContainEqual({ field: 'last_name', message: NAMES });
    owner(data).first_name = 'Margaret';
    owner(data).last_name = 'Leblanc';
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('the second individual owner needs a first and a last name too', () => {
    const data = example(STEP, 'individual-second-owner');
    delete owner(data).individual_2_first_name;
    owner(data).individual_2_last_name = '';
    const errors = errorsOf(STEP, data);
    expect(errors).toContainEqual({ field: 'individual_2_first_name', message: NAMES });
    expect(errors).toContainEqual({ field: 'individual_2_last_name', message: NAMES });
    owner(data).has_second_individual_owner = false;
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('names are not required for insured, joint or entity owners', () => {
    for (const name of ['insured-1', 'joint-insureds', 'entity']) {
      const data = example(STEP, name);
      expect(errorsOf(STEP, data).filter((e) => e.message === NAMES)).toEqual([]);
    }
  });

  it.each([
    ['individual', 'postal_code'],
    ['individual', 'employer_postal_code'],
    ['individual-second-owner', 'individual_2_postal_code'],
    ['individual-second-owner', 'individual_2_employer_postal_code'],
    ['entity', 'business_postal_code'],
    ['entity', 'correspondence_postal_code'],
  ])('%s: %s must be a Canadian postal code', (name, field) => {
    const data = example(STEP, name);
    owner(data)[field] = '12345';
    expect(errorsOf(STEP, data)).toContainEqual({
      field,
      message: definitionText('owner/schema.json', `/properties/${field}/errorMessage/pattern`),
    });
    // Well formed, and in the province of the same address.
    owner(data)[field.replace('postal_code', 'province')] = 'ON';
    for (const ok of ['K1A 0B1', 'k1a0b1', 'K1A-0B1']) {
      owner(data)[field] = ok;
      expect(errorsOf(STEP, data)).toEqual([]);
    }
  });

  it.each([
    ['individual', 'mobile_phone'],
    ['individual', 'phone_number'],
    ['individual-second-owner', 'individual_2_mobile_phone'],
    ['entity', 'business_phone'],
    ['individual-second-owner', 'third_party_phone'],
  ])('%s: %s must be a valid phone number', (name, field) => {
    const data = example(STEP, name);
    owner(data)[field] = '555-01';
    expect(errorsOf(STEP, data)).toContainEqual({
      field,
      message: specText('client-profile.phone_primary.errorMessage.type'),
    });
    owner(data)[field] = '(613) 555-0142';
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it.each([
    ['individual', 'email'],
    ['individual-second-owner', 'individual_2_email'],
    ['entity', 'business_email'],
  ])('%s: %s must be an email address', (name, field) => {
    const data = example(STEP, name);
    owner(data)[field] = 'not-an-email';
    expect(errorsOf(STEP, data)).toContainEqual({ field, message: specText('client-profile.email.errorMessage.type') });
    owner(data)[field] = 'someone@example.ca';
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('years are whole numbers not below 0', () => {
    const data = example(STEP, 'individual');
    owner(data).years_at_address = -1;
    owner(data).years_with_employer = 2.5;
    const errors = errorsOf(STEP, data);
    expect(errors).toContainEqual({
      field: 'years_at_address',
      message: specText('owner.years_at_address.errorMessage.type'),
    });
    expect(errors).toContainEqual({
      field: 'years_with_employer',
      message: specText('owner.years_at_address.errorMessage.type'),
    });
    owner(data).years_at_address = 0;
    owner(data).years_with_employer = 3;
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('the middle initial is limited to 1 character', () => {
    const data = example(STEP, 'individual');
    owner(data).middle_initial = 'AB';
    expect(errorsOf(STEP, data).map((e) => e.field)).toContain('middle_initial');
    owner(data).middle_initial = 'A';
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it("a shareholder's ownership percentage stays within 0 to 100", () => {
    const data = example(STEP, 'entity');
    (owner(data).shareholders as JsonObject[])[0].ownership_percentage = 120;
    expect(errorsOf(STEP, data).map((e) => e.field)).toContain('shareholders.0.ownership_percentage');
    (owner(data).shareholders as JsonObject[])[0].ownership_percentage = 100;
    expect(errorsOf(STEP, data)).toEqual([]);
  });
});

describe('owner visibility', () => {
  it('third party determination shows only for universal life, whole life or combination products', () => {
    for (const product of ['universal_life', 'whole_life', 'combination']) {
      const data = example(STEP, 'individual');
      data['plan-details'] = { product_type: product };
      expect(view(data).hidden).not.toContain('has_third_party_instructions');
    }
    const data = example(STEP, 'individual');
    owner(data).has_third_party_instructions = false;
    owner(data).suspect_third_party = true;
    const v = view(data);
    for (const f of ['has_third_party_instructions', 'has_third_party_funds', 'suspect_third_party', ...THIRD_PARTY])
      expect(v.hidden).toContain(f);
    expect(v.values).not.toHaveProperty('suspect_third_party');
  });

  it('the third-party details show when a third party gives instructions or funds', () => {
    const data = example(STEP, 'individual-second-owner');
    expect(view(data).hidden).not.toContain('third_party_name');
    owner(data).has_third_party_funds = false;
    const v = view(data);
    for (const f of THIRD_PARTY) expect(v.hidden).toContain(f);
    expect(v.values).not.toHaveProperty('third_party_name');
    owner(data).has_third_party_instructions = true;
    owner(data).third_party_name = 'Robert Gauthier';
    expect(view(data).values.third_party_name).toBe('Robert Gauthier');
  });

  it('identity verification shows for insured and individual owners with universal life, whole life or combination', () => {
    for (const type of ['insured_1', 'insured_2', 'joint_insureds', 'individual']) {
      const data = example(STEP, 'insured-1');
      owner(data).owner_type = type;
      expect(view(data).hidden).not.toContain('primary_id_number');
      data['plan-details'] = { product_type: 'term_life' };
      const v = view(data);
      expect(v.hidden).toContain('primary_id_number');
      expect(v.values).not.toHaveProperty('primary_id_number');
    }
  });

  it('the identity section is titled for the first insured only for joint owners', () => {
    expect(view(example(STEP, 'joint-insureds')).texts.identity).toBe(specText('owner.texts.identity.text'));
    expect(ui['ui:sections'].find((s) => s.id === 'identity')?.title).toBe('Identity Verification');
    expect(view(example(STEP, 'insured-1')).texts.identity).toBeUndefined();
  });

  it('the second-insured identity block appears only for joint owners', () => {
    expect(view(example(STEP, 'joint-insureds')).hidden).not.toContain('secondary_id_number');
    const data = example(STEP, 'joint-insureds');
    owner(data).owner_type = 'insured_1';
    const v = view(data);
    expect(v.hidden).toContain('secondary_id_number');
    expect(v.values).not.toHaveProperty('secondary_id_number');
  });

  it('ID type other adds a specify field', () => {
    const data = example(STEP, 'insured-1');
    expect(view(data).hidden).toContain('primary_id_type_other');
    owner(data).primary_id_type = 'other';
    owner(data).primary_id_type_other = 'Indian status card';
    expect(view(data).values.primary_id_type_other).toBe('Indian status card');
    owner(data).primary_id_type = 'passport';
    expect(view(data).values).not.toHaveProperty('primary_id_type_other');
  });

  it('a note tells which insured the owner is', () => {
    const notes = {
      insured_1: 'note_owner_insured_1',
      insured_2: 'note_owner_insured_2',
      joint_insureds: 'note_owner_joint',
    } as const;
    for (const [type, shown] of Object.entries(notes)) {
      const data = example(STEP, 'insured-1');
      owner(data).owner_type = type;
      const hidden = view(data).hidden;
      for (const n of Object.values(notes)) expect(hidden.includes(n)).toBe(n !== shown);
    }
    const hidden = view(example(STEP, 'individual')).hidden;
    for (const n of Object.values(notes)) expect(hidden).toContain(n);
  });

  it('the individual form shows only for a different individual', () => {
    const data = example(STEP, 'individual');
    expect(view(data).hidden).not.toContain('first_name');
    owner(data).owner_type = 'insured_1';
    const v = view(data);
    for (const f of ['first_name', 'last_name', 'address_line1', 'occupation_duties', 'has_second_individual_owner'])
      expect(v.hidden).toContain(f);
    expect(v.values).not.toHaveProperty('first_name');
    expect(v.values).not.toHaveProperty('years_at_address');
  });

  it('the physical residence shows only when the P.O. Box box is ticked', () => {
    const data = example(STEP, 'individual-second-owner');
    expect(view(data).values.physical_residence).toBe('3120 Highway 7, Antigonish County, NS B2G 2L4');
    owner(data).is_po_box = false;
    owner(data).individual_2_is_po_box = false;
    const v = view(data);
    expect(v.hidden).toEqual(expect.arrayContaining(['physical_residence', 'individual_2_physical_residence']));
    expect(v.values).not.toHaveProperty('physical_residence');
    expect(v.values).not.toHaveProperty('individual_2_physical_residence');
  });

  it('the place of birth asks for a province, a state or a country by type', () => {
    const data = example(STEP, 'individual');
    const shown = (): string[] =>
      ['place_of_birth_province', 'place_of_birth_state', 'place_of_birth_country'].filter(
        (f) => !view(data).hidden.includes(f),
      );
    expect(shown()).toEqual(['place_of_birth_province']);
    owner(data).place_of_birth_type = 'us';
    expect(shown()).toEqual(['place_of_birth_state']);
    owner(data).place_of_birth_type = 'other';
    expect(shown()).toEqual(['place_of_birth_country']);
  });

  it('the second individual block shows only while the toggle is on', () => {
    const data = example(STEP, 'individual-second-owner');
    expect(view(data).hidden).not.toContain('individual_2_first_name');
    owner(data).has_second_individual_owner = false;
    const v = view(data);
    for (const f of [
      'individual_2_first_name',
      'individual_2_primary_id_number',
      'individual_2_employer_last_name',
      'individual_2_is_physically_present',
    ])
      expect(v.hidden).toContain(f);
    expect(Object.keys(v.values).filter((k) => k.startsWith('individual_2_'))).toEqual([]);
  });

  it('the entity form shows only for a corporation, trust or entity', () => {
    const data = example(STEP, 'entity');
    const shown = view(data).hidden;
    for (const f of ENTITY_FIELDS) expect(shown).not.toContain(f);
    owner(data).owner_type = 'individual';
    const v = view(data);
    for (const f of ['legal_name', 'shareholders', 'business_postal_code', 'correspondence_type', 'annual_sales'])
      expect(v.hidden).toContain(f);
    expect(v.values).not.toHaveProperty('legal_name');
    expect(v.values).not.toHaveProperty('shareholders');
  });

  it('the entity form carries the primary ID fields with any product', () => {
    const data = example(STEP, 'entity');
    data['plan-details'] = { product_type: 'term_life' };
    const v = view(data);
    for (const f of ['primary_id_type', 'primary_id_number', 'is_intermediary']) expect(v.hidden).not.toContain(f);
  });
});

describe('owner computed values', () => {
  it('maps the screen value to the stored ownership type', () => {
    const expected = {
      insured_1: 'insured_1',
      insured_2: 'insured_2',
      joint_insureds: 'joint_insureds',
      individual: 'other_individual',
      entity: 'corporation',
    };
    for (const [type, stored] of Object.entries(expected)) {
      const data = example(STEP, 'insured-1');
      owner(data).owner_type = type;
      delete owner(data).ownership_type;
      const v = view(data);
      expect(v.values.ownership_type).toBe(stored);
      expect(v.values.is_corporate).toBe(type === 'entity');
    }
  });

  it("selects the insured's client id, both for joint owners, null otherwise", () => {
    const data = example(STEP, 'joint-insureds');
    const expected: [string, unknown][] = [
      ['insured_1', 1042],
      ['insured_2', 1043],
      ['joint_insureds', [1042, 1043]],
      ['individual', null],
      ['entity', null],
    ];
    for (const [type, id] of expected) {
      owner(data).owner_type = type;
      owner(data).selected_client_id = 'stale';
      expect(view(data).values.selected_client_id).toEqual(id);
    }
  });

  it('the correspondence address is never different on the owner record', () => {
    const data = example(STEP, 'individual');
    owner(data).is_correspondence_address_different = true;
    expect(view(data).values.is_correspondence_address_different).toBe(false);
  });
});

describe('owner effects', () => {
  it('choosing insured 1 fills the ID from that insured and clears the declarations to be asked again', () => {
    const data = example(STEP, 'insured-1');
    const previous: JsonObject = {
      owner_type: 'individual',
      primary_id_type: 'other',
      primary_id_type_other: 'Status card',
      primary_id_number: 'X1',
      primary_id_expiry: '2027-01-01',
      primary_id_place_of_issue: 'Manitoba',
      is_physically_present: true,
      is_intermediary: true,
      has_third_party_instructions: true,
      has_third_party_funds: true,
      suspect_third_party: true,
    };
    data[STEP] = { ...previous, owner_type: 'insured_1' };
    const v = view(data, previous);
    expect(v.values).toMatchObject({
      primary_id_type: 'drivers_license',
      primary_id_number: 'T6512-81041-70417',
      primary_id_expiry: '2028-04-17',
    });
    for (const flag of [
      'is_physically_present',
      'is_intermediary',
      'has_third_party_instructions',
      'has_third_party_funds',
      'suspect_third_party',
    ]) {
      expect(v.values[flag] ?? null, flag).toBeNull();
    }
    expect(v.values.primary_id_place_of_issue ?? null).toBeNull();
    expect(v.values.primary_id_type_other ?? null).toBeNull();
  });

  it('choosing insured 2 fills the ID from the second insured', () => {
    const data = example(STEP, 'joint-insureds');
    const previous: JsonObject = {
      owner_type: 'insured_1',
      primary_id_type: 'drivers_license',
      primary_id_number: 'T6512-81041-70417',
      primary_id_expiry: '2028-04-17',
    };
    data[STEP] = { ...previous, owner_type: 'insured_2' };
    expect(view(data, previous).values).toMatchObject({
      primary_id_type: 'passport',
      primary_id_number: 'AB123456',
      primary_id_expiry: '2031-09-01',
    });
  });

  it("picking the insured's ID type again resets to the stored number and expiry", () => {
    const data = example(STEP, 'insured-1');
    const previous = {
      ...owner(data),
      primary_id_type: 'passport',
      primary_id_number: 'EDITED',
      primary_id_expiry: '2030-01-01',
    };
    owner(data).primary_id_type = 'drivers_license';
    owner(data).primary_id_number = 'EDITED';
    owner(data).primary_id_expiry = '2030-01-01';
    expect(view(data, previous).values).toMatchObject({
      primary_id_number: 'T6512-81041-70417',
      primary_id_expiry: '2028-04-17',
    });
  });

  it('changing the owner type turns the second individual off', () => {
    const data = example(STEP, 'individual-second-owner');
    const previous = { ...owner(data), owner_type: 'entity' };
    // coming back to individual: the flag starts off
    expect(view(data, previous).values.has_second_individual_owner).toBe(false);
    expect(Object.keys(view(data, previous).values).filter((k) => k.startsWith('individual_2_'))).toEqual([]);
    // no change of owner type: the flag stays
    expect(view(data, owner(example(STEP, 'individual-second-owner'))).values.has_second_individual_owner).toBe(true);
  });
});

describe("the entity's signing officers (issue 27: the entity signs through its signing officers)", () => {
  const NEEDED = specText('owner.validation.signing_officers.message');
  const errors = (data: ApplicationData) => errorsOf(STEP, data);
  const entity = (officers: JsonObject[] | undefined): ApplicationData => {
    const data = example(STEP, 'entity');
    if (officers) owner(data).signing_officers = officers;
    else delete owner(data).signing_officers;
    return data;
  };

  it('an entity owner needs at least one signing officer: none listed, or a list left empty, is refused', () => {
    for (const data of [entity(undefined), entity([])])
      expect(errors(data)).toContainEqual(expect.objectContaining({ field: 'signing_officers', message: NEEDED }));
    expect(errors(entity([{ name: 'Daniel Tremblay', title: 'President' }]))).toEqual([]);
  });

  it('the contact person is not taken as a signing officer: nothing is filled in for the adviser', () => {
    const data = entity(undefined);
    expect(owner(data).contact_name).toBe('Daniel Tremblay');
    const v = view(data);
    expect(v.values.signing_officers ?? []).toEqual([]);
    expect(errors(data).map((e) => e.field)).toContain('signing_officers');
  });

  it('each signing officer needs a name and a title, typed by the adviser', () => {
    const data = entity([
      { name: 'Daniel Tremblay', title: ' ' },
      { name: null, title: 'Secretary' },
    ]);
    expect(errors(data)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'signing_officers.0.title',
          message: specText('owner.validation.signing_officers.title.required.message'),
        }),
        expect.objectContaining({
          field: 'signing_officers.1.name',
          message: specText('owner.validation.signing_officers.name.required.message'),
        }),
      ]),
    );
  });

  it('lists at most 3 signing officers, and checks their names as names', () => {
    const four = entity(
      ['Ann Roy', 'Bo Lee', 'Cy Dion', 'Di Paré'].map((name): JsonObject => ({ name, title: 'Director' })),
    );
    expect(errors(four)).toContainEqual(
      expect.objectContaining({
        field: 'signing_officers',
        message: specText('owner.signing_officers.errorMessage.maxItems'),
      }),
    );
    const emoji = entity([{ name: 'Daniel 😀', title: 'President' }]);
    expect(errors(emoji).map((e) => e.field)).toContain('signing_officers.0.name');
  });

  it('shows only for an entity owner; another owner type neither asks for nor keeps them', () => {
    expect(view(entity(undefined)).hidden).not.toContain('signing_officers');
    expect(ui['ui:sections'].find((s) => s.id === 'signing_officers')?.fields).toEqual(['signing_officers']);
    const data = example(STEP, 'individual');
    owner(data).signing_officers = [{ name: 'Left Over', title: 'President' }];
    const v = view(data);
    expect(v.hidden).toContain('signing_officers');
    expect(v.values).not.toHaveProperty('signing_officers');
    expect(errors(example(STEP, 'individual')).map((e) => e.field)).not.toContain('signing_officers');
  });
});
