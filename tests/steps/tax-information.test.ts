import { engine, example, errorsOf, definitions } from '../support/engine.ts';
import type { ApplicationData, JsonObject } from '../../engine/index.ts';

const STEP = 'tax-information';
const schema = definitions.steps[STEP].schema as { properties: Record<string, Record<string, unknown>> };
const ui = definitions.steps[STEP].ui as Record<string, Record<string, unknown>>;
const OWNER2 = [
  'owner2_sin_part1',
  'owner2_sin_part2',
  'owner2_sin_part3',
  'owner2_fatca_status',
  'owner2_tin',
  'owner2_crs_status',
  'owner2_crs_country',
];

function tax(data: ApplicationData): JsonObject {
  return data[STEP] as JsonObject;
}

describe('tax-information examples and record', () => {
  it.each(Object.keys(definitions.steps[STEP].examples))('%s has no errors', (name) => {
    expect(errorsOf(STEP, example(STEP, name))).toEqual([]);
  });

  it('has the SIN parts, FATCA and CRS fields for both owners, none of them pre-answered', () => {
    for (const o of ['owner1_', 'owner2_']) {
      for (const f of ['sin_part1', 'sin_part2', 'sin_part3', 'fatca_status', 'tin', 'crs_status', 'crs_country'])
        expect(schema.properties).toHaveProperty(o + f);
      for (const k of [1, 2, 3]) {
        expect(schema.properties[`${o}sin_part${k}`].maxLength).toBe(3);
        expect(ui[`${o}sin_part${k}`]['ui:widget']).toBe('sinPart');
      }
      expect(schema.properties[`${o}fatca_status`]).toMatchObject({ enum: ['yes', 'no'] });
      expect(schema.properties[`${o}crs_status`]).toMatchObject({ enum: ['yes', 'no'] });
      expect(schema.properties[`${o}fatca_status`].default).toBeUndefined();
      expect(schema.properties[`${o}crs_status`].default).toBeUndefined();
    }
    expect(ui['ui:options']).toMatchObject({
      nextLabel: 'Continue',
      busyNextLabel: 'Saving...',
      backLabel: 'Back',
      showSave: false,
    });
  });
});

describe('tax-information validation', () => {
  it('each SIN part is limited to 3 characters', () => {
    const data = example(STEP, 'two-owners-fatca');
    tax(data).owner1_sin_part2 = '4541';
    tax(data).owner2_sin_part3 = '5440';
    const fields = errorsOf(STEP, data).map((e) => e.field);
    expect(fields).toContain('owner1_sin_part2');
    expect(fields).toContain('owner2_sin_part3');
    tax(data).owner1_sin_part2 = '454';
    tax(data).owner2_sin_part3 = '544';
    expect(errorsOf(STEP, data)).toEqual([]);
  });
});

describe('tax-information visibility', () => {
  it('the owner 2 block shows only for a second owner', () => {
    const single = example(STEP, 'one-owner');
    const v1 = engine.evaluateStep(STEP, single);
    for (const f of OWNER2) expect(v1.hidden).toContain(f);

    const joint = example(STEP, 'two-owners-fatca');
    expect(engine.evaluateStep(STEP, joint).hidden).not.toContain('owner2_sin_part1');

    joint.owner = { owner_type: 'individual', ownership_type: 'other_individual', has_second_individual_owner: true };
    expect(engine.evaluateStep(STEP, joint).hidden).not.toContain('owner2_sin_part1');

    joint.owner = { owner_type: 'individual', ownership_type: 'other_individual', has_second_individual_owner: false };
    const v = engine.evaluateStep(STEP, joint);
    for (const f of OWNER2) expect(v.hidden).toContain(f);
    expect(Object.keys(v.values).filter((k) => k.startsWith('owner2_'))).toEqual([]);
  });

  it.each(['owner1', 'owner2'])('%s: FATCA yes asks for a TIN; changing it to no clears the TIN', (o) => {
    const data = example(STEP, 'two-owners-fatca');
    tax(data)[`${o}_fatca_status`] = 'yes';
    tax(data)[`${o}_tin`] = '987-65-4321';
    expect(engine.evaluateStep(STEP, data).values[`${o}_tin`]).toBe('987-65-4321');
    tax(data)[`${o}_fatca_status`] = 'no';
    const v = engine.evaluateStep(STEP, data);
    expect(v.hidden).toContain(`${o}_tin`);
    expect(v.values).not.toHaveProperty(`${o}_tin`);
  });

  it.each(['owner1', 'owner2'])('%s: CRS yes asks for a country; changing it to no clears the country', (o) => {
    const data = example(STEP, 'two-owners-fatca');
    tax(data)[`${o}_crs_status`] = 'yes';
    tax(data)[`${o}_crs_country`] = 'United Kingdom';
    expect(engine.evaluateStep(STEP, data).values[`${o}_crs_country`]).toBe('United Kingdom');
    tax(data)[`${o}_crs_status`] = 'no';
    const v = engine.evaluateStep(STEP, data);
    expect(v.hidden).toContain(`${o}_crs_country`);
    expect(v.values).not.toHaveProperty(`${o}_crs_country`);
  });
});

describe('tax-information display rule (flow)', () => {
  const applies = (product: string, owner: JsonObject): boolean =>
    engine.stepApplies(STEP, { 'plan-details': { product_type: product }, owner });

  it('shows for universal life, whole life, combination, t20 or t30 with an insured or individual owner', () => {
    for (const product of ['universal_life', 'whole_life', 'combination', 't20', 't30']) {
      for (const type of ['insured_1', 'insured_2', 'joint_insureds', 'other_individual'])
        expect(applies(product, { ownership_type: type })).toBe(true);
    }
  });

  it('completes by itself for term life or a corporate owner', () => {
    expect(applies('term_life', { ownership_type: 'insured_1' })).toBe(false);
    expect(applies('whole_life', { ownership_type: 'corporation' })).toBe(false);
  });
});
