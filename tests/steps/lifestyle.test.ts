import { engine, example, errorsOf, definitions } from '../support/engine.ts';
import type { ApplicationData, JsonObject } from '../../engine/index.ts';
import { specText } from '../support/specText.ts';

const STEP = 'lifestyle';

function insured(data: ApplicationData, n: 1 | 2): JsonObject {
  const record = data[STEP] as JsonObject;
  record[`lifestyle_data_${n}`] ??= {};
  return record[`lifestyle_data_${n}`] as JsonObject;
}

const SPEC_FIELDS = [
  'tobacco_last_12_months',
  'tobacco_last_24_months',
  'tobacco_last_5_years',
  'drinks_alcohol',
  'alcohol_details',
  'alcohol_treatment',
  'drug_use_10_years',
  'cannabis_use_5_years',
  'aviation_5_years',
  'extreme_activities',
  'travel_outside_canada',
  'travel_details',
  'moving_violations_3_years',
  'moving_violations_details',
  'dui_5_years',
  'dui_10_years',
  'drivers_license_number',
  'criminal_offense',
  'criminal_details',
  'bankruptcy',
  'bankruptcy_discharge_date',
];

describe('lifestyle examples', () => {
  it.each(Object.keys(definitions.steps[STEP].examples))('%s has no errors', (name) => {
    expect(errorsOf(STEP, example(STEP, name))).toEqual([]);
  });

  it("keeps the spec's 21 lifestyle fields for each insured", () => {
    const schema = definitions.steps[STEP].schema as {
      definitions: Record<string, { properties: Record<string, unknown> }>;
      properties: Record<string, { $ref?: string }>;
    };
    expect(schema.properties.lifestyle_data_1.$ref).toBe(schema.properties.lifestyle_data_2.$ref);
    const fields = Object.keys(schema.definitions.lifestyle_data.properties);
    for (const f of SPEC_FIELDS) expect(fields).toContain(f);
  });
});

describe('lifestyle: Proposed Insured 2 follows Proposed Insured', () => {
  it('is part of the step exactly when the application has two insureds', () => {
    const data = example(STEP, 'all-no');
    (data[STEP] as JsonObject).has_insured_2 = true;
    expect(engine.evaluateStep(STEP, data).values.has_insured_2).toBe(false);
    expect(engine.evaluateStep(STEP, data).hidden).toContain('lifestyle_data_2');
    data['proposed-insured'] = { number_of_insureds: 2 };
    const view = engine.evaluateStep(STEP, data);
    expect(view.values.has_insured_2).toBe(true);
    expect(view.hidden).not.toContain('lifestyle_data_2');
    // In good order: insured 2's answers are asked, not assumed.
    expect(view.errors).toContainEqual({
      field: 'lifestyle_data_2.drinks_alcohol',
      message: 'Please answer whether Proposed Insured 2 drinks alcohol',
    });
    insured(data, 2);
    Object.assign(insured(data, 2), insured(data, 1));
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('removing insured 2 hides and clears lifestyle_data_2', () => {
    const data = example(STEP, 'all-no');
    Object.assign(insured(data, 2), { drinks_alcohol: true, alcohol_details: 'Wine with dinner' });
    const view = engine.evaluateStep(STEP, data);
    expect(view.hidden).toContain('lifestyle_data_2');
    expect(view.values.lifestyle_data_2).toBeUndefined();
    expect(view.errors).toEqual([]);
  });
});

describe('lifestyle visibility (each insured)', () => {
  const details: [string, string, string][] = [
    ['drinks_alcohol', 'alcohol_details', 'Two glasses of wine a week'],
    ['travel_outside_canada', 'travel_details', 'Portugal, 3 weeks, July'],
    ['moving_violations_3_years', 'moving_violations_details', 'Three speeding tickets in 2025'],
    ['criminal_offense', 'criminal_details', 'Mischief under $5000, 2012, discharged'],
    ['bankruptcy', 'bankruptcy_discharge_date', '2018-06-30'],
  ];

  it.each([1, 2] as const)('detail fields of insured %i show on Yes and are cleared on No', (n) => {
    const data = example(STEP, 'all-no');
    data['proposed-insured'] = { number_of_insureds: 2 };
    Object.assign(insured(data, 2), insured(data, 1));
    for (const [question, detail, answer] of details)
      Object.assign(insured(data, n), { [question]: false, [detail]: answer });
    let view = engine.evaluateStep(STEP, data);
    for (const [, detail] of details) {
      expect(view.hidden).toContain(`lifestyle_data_${n}.${detail}`);
      expect((view.values[`lifestyle_data_${n}`] as JsonObject)[detail]).toBeUndefined();
    }
    for (const [question, detail, answer] of details)
      Object.assign(insured(data, n), { [question]: true, [detail]: answer });
    insured(data, n).drivers_license_number = 'A1234-56789-01234';
    view = engine.evaluateStep(STEP, data);
    for (const [, detail, answer] of details) {
      expect(view.hidden).not.toContain(`lifestyle_data_${n}.${detail}`);
      expect((view.values[`lifestyle_data_${n}`] as JsonObject)[detail]).toBe(answer);
    }
    expect(view.errors).toEqual([]);
  });

  it.each(['moving_violations_3_years', 'dui_5_years', 'dui_10_years'])(
    "the driver's license number shows when %s is Yes",
    (question) => {
      const data = example(STEP, 'all-no');
      insured(data, 1).drivers_license_number = 'A1234-56789-01234';
      let view = engine.evaluateStep(STEP, data);
      expect(view.hidden).toContain('lifestyle_data_1.drivers_license_number');
      expect((view.values.lifestyle_data_1 as JsonObject).drivers_license_number).toBeUndefined();
      insured(data, 1)[question] = true;
      view = engine.evaluateStep(STEP, data);
      expect(view.hidden).not.toContain('lifestyle_data_1.drivers_license_number');
      expect((view.values.lifestyle_data_1 as JsonObject).drivers_license_number).toBe('A1234-56789-01234');
    },
  );

  it.each([
    ['alcohol_treatment', 'alcohol_questionnaire_note'],
    ['drug_use_10_years', 'drug_questionnaire_note'],
    ['cannabis_use_5_years', 'cannabis_questionnaire_note'],
    ['aviation_5_years', 'aviation_questionnaire_note'],
    ['extreme_activities', 'extreme_activities_questionnaire_note'],
  ])('a Yes to %s shows the questionnaire note %s', (question, note) => {
    const data = example(STEP, 'all-no');
    expect(engine.evaluateStep(STEP, data).hidden).toContain(`lifestyle_data_1.${note}`);
    insured(data, 1)[question] = true;
    const view = engine.evaluateStep(STEP, data);
    expect(view.hidden).not.toContain(`lifestyle_data_1.${note}`);
    expect(view.errors).toEqual([]);
    const ui = definitions.steps[STEP].ui as Record<string, Record<string, Record<string, Record<string, unknown>>>>;
    expect(ui['ui:definitions']['#/definitions/lifestyle_data'][note]['ui:widget']).toBe('note');
  });

  it('every question is answered Yes or No by the adviser, and a Yes asks for its details', () => {
    const empty = errorsOf(STEP, { [STEP]: {} });
    for (const question of [
      'tobacco_last_12_months',
      'drinks_alcohol',
      'aviation_5_years',
      'criminal_offense',
      'bankruptcy',
    ]) {
      expect(empty.map((e) => e.field)).toContain(`lifestyle_data_1.${question}`);
    }
    const data = example(STEP, 'all-no');
    Object.assign(insured(data, 1), {
      drinks_alcohol: true,
      travel_outside_canada: true,
      bankruptcy: true,
      dui_5_years: true,
    });
    expect(errorsOf(STEP, data).map((e) => e.field)).toEqual(
      expect.arrayContaining([
        'lifestyle_data_1.alcohol_details',
        'lifestyle_data_1.travel_details',
        'lifestyle_data_1.bankruptcy_discharge_date',
        'lifestyle_data_1.drivers_license_number',
      ]),
    );
  });

  it("the questions name the spec's lookback windows", () => {
    const ui = definitions.steps[STEP].ui as Record<string, Record<string, Record<string, Record<string, string>>>>;
    const labels = ui['ui:definitions']['#/definitions/lifestyle_data'];
    expect(labels.tobacco_last_12_months['ui:title']).toMatch(/12 months/);
    expect(labels.tobacco_last_24_months['ui:title']).toMatch(/24 months/);
    expect(labels.tobacco_last_5_years['ui:title']).toMatch(/5 years/);
    expect(labels.drug_use_10_years['ui:title']).toMatch(/10 years/);
    expect(labels.cannabis_use_5_years['ui:title']).toMatch(/5 years/);
    expect(labels.aviation_5_years['ui:title']).toMatch(/5 years/);
    expect(labels.extreme_activities['ui:title']).toMatch(/5 years/);
    expect(labels.moving_violations_3_years['ui:title']).toMatch(/3 years.*more than two/);
    expect(labels.dui_5_years['ui:title']).toMatch(/5 years/);
    expect(labels.dui_10_years['ui:title']).toMatch(/10 years/);
  });

  it("groups the questions in the spec's sections", () => {
    const ui = definitions.steps[STEP].ui as Record<string, Record<string, Record<string, { title: string }[]>>>;
    expect(ui['ui:definitions']['#/definitions/lifestyle_data']['ui:sections'].map((s) => s.title)).toEqual([
      'Tobacco/Nicotine',
      'Alcohol',
      'Drug',
      specText('lifestyle.lifestyle_data.sections.aviation.title'),
      'Travel',
      'Driving History',
      'Legal History',
    ]);
  });
});
