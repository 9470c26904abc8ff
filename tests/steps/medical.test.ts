import { engine, example, errorsOf, definitions } from '../support/engine.ts';
import type { ApplicationData, JsonObject } from '../../engine/index.ts';
import { specText } from '../support/specText.ts';

const STEP = 'medical';

function insured(data: ApplicationData, n: 1 | 2): JsonObject {
  return (data[STEP] as JsonObject)[`insured_${n}`] as JsonObject;
}
function localDate(offsetDays: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

describe('medical examples', () => {
  it.each(Object.keys(definitions.steps[STEP].examples))('%s has no errors', (name) => {
    expect(errorsOf(STEP, example(STEP, name))).toEqual([]);
  });

  it("keeps the spec's 8 medical fields per insured", () => {
    const schema = definitions.steps[STEP].schema as {
      definitions: Record<string, { properties: Record<string, unknown> }>;
    };
    expect(Object.keys(schema.definitions.medical_data.properties).sort()).toEqual([
      'consultation_results',
      'has_paramedic',
      'last_consultation_date',
      'last_consultation_reason',
      'physician_address',
      'physician_name',
      'physician_phone',
      'prescribed_treatment',
    ]);
  });
});

describe('medical validation', () => {
  it.each([1, 2] as const)('insured %i: the physician phone must be a valid phone number', (n) => {
    const data = example(STEP, 'two-insureds');
    insured(data, n).physician_phone = '555-01';
    expect(errorsOf(STEP, data)).toContainEqual({
      field: `insured_${n}.physician_phone`,
      message: specText('client-profile.phone_primary.errorMessage.type'),
    });
    for (const ok of ['6135550142', '(613) 555-0142', '613-555-0142', '613.555.0142', '(613)-555-0142']) {
      insured(data, n).physician_phone = ok;
      expect(errorsOf(STEP, data)).toEqual([]);
    }
  });

  it('the phone is optional', () => {
    const data = example(STEP, 'one-insured');
    insured(data, 1).physician_phone = '';
    expect(errorsOf(STEP, data)).toEqual([]);
    insured(data, 1).physician_phone = null;
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it.each([1, 2] as const)('insured %i: the last consultation cannot be in the future', (n) => {
    const data = example(STEP, 'two-insureds');
    insured(data, n).last_consultation_date = localDate(1);
    expect(errorsOf(STEP, data)).toContainEqual({
      field: `insured_${n}.last_consultation_date`,
      message: specText('medical.groups.insured_1.validation.last_consultation_date.message'),
    });
    insured(data, n).last_consultation_date = localDate(0);
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('a malformed consultation date is an error', () => {
    const data = example(STEP, 'one-insured');
    insured(data, 1).last_consultation_date = '2026-02-30';
    expect(errorsOf(STEP, data).map((e) => e.field)).toContain('insured_1.last_consultation_date');
  });

  it('asks whether a paramedical exam was done, for each insured of the application', () => {
    const one = errorsOf(STEP, { [STEP]: {} });
    expect(one.map((e) => e.field)).toEqual(['insured_1.has_paramedic']);
    const two = errorsOf(STEP, {
      'proposed-insured': { number_of_insureds: 2 },
      [STEP]: { insured_1: {}, insured_2: {} },
    });
    expect(two.map((e) => e.field)).toEqual(['insured_1.has_paramedic', 'insured_2.has_paramedic']);
  });
});

describe('medical visibility', () => {
  it('insured 2 shows only after adding it; removing it clears it', () => {
    const data = example(STEP, 'two-insureds');
    expect(engine.evaluateStep(STEP, data).hidden).not.toContain('insured_2');
    data['proposed-insured'] = { number_of_insureds: 1 };
    const view = engine.evaluateStep(STEP, data);
    expect(view.hidden).toContain('insured_2');
    expect(view.values.insured_2).toBeUndefined();
    expect(view.cleared).toContain('insured_2');
  });

  it('errors of a removed insured 2 are not reported', () => {
    const data = example(STEP, 'one-insured');
    (data[STEP] as JsonObject).insured_2 = { physician_phone: 'call me', last_consultation_date: localDate(30) };
    expect(errorsOf(STEP, data)).toEqual([]);
  });
});
