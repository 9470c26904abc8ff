import { engine, example, errorsOf, definitions } from '../support/engine.ts';
import type { ApplicationData } from '../../engine/index.ts';
import { specText } from '../support/specText.ts';

const STEP = 'multi-owner';
const schema = definitions.steps[STEP].schema as { properties: Record<string, Record<string, unknown>> };
const ui = definitions.steps[STEP].ui as Record<string, Record<string, unknown>>;

describe('multi-owner examples and record', () => {
  it.each(Object.keys(definitions.steps[STEP].examples))('%s has no errors', (name) => {
    expect(errorsOf(STEP, example(STEP, name))).toEqual([]);
  });

  it("has the spec's fields, and pre-selects neither no survivorship nor subrogated owner", () => {
    const successor = (n: number): string[] =>
      ['first_name', 'middle_name', 'last_name', 'relationship'].map((p) => `owner${n}_successor_${p}`);
    expect(Object.keys(schema.properties).sort()).toEqual(
      ['client_id', 'no_survivorship', 'subrogated_owner', ...successor(1), ...successor(2)].sort(),
    );
    // In good order: a declaration is the adviser's choice, never the form's.
    expect(schema.properties.no_survivorship.default).toBeUndefined();
    expect(schema.properties.subrogated_owner.default).toBeUndefined();
  });

  it('labels the options and explains where each applies', () => {
    expect(String(ui.no_survivorship['ui:description'])).toMatch(/outside Quebec/);
    expect(String(ui.subrogated_owner['ui:description'])).toMatch(/in Quebec/);
    expect(ui['ui:options']).toMatchObject({
      nextLabel: 'Continue',
      backLabel: 'Back',
      showSave: false,
      saveErrorMessage: specText('multi-owner.saveErrorMessage'),
      loadErrorMessage: specText('multi-owner.loadErrorMessage'),
    });
  });

  it('an empty record has no errors (nothing is required)', () => {
    const data: ApplicationData = {
      owner: { owner_type: 'joint_insureds', ownership_type: 'joint_insureds' },
      [STEP]: {},
    };
    expect(errorsOf(STEP, data)).toEqual([]);
  });
});

describe('multi-owner display rule (flow)', () => {
  const applies = (owner: Record<string, unknown>): boolean => engine.stepApplies(STEP, { owner });

  it('shows for joint owners and for a second individual owner', () => {
    expect(applies({ ownership_type: 'joint_insureds' })).toBe(true);
    expect(applies({ ownership_type: 'other_individual', has_second_individual_owner: true })).toBe(true);
  });

  it('is skipped otherwise', () => {
    expect(applies({ ownership_type: 'other_individual', has_second_individual_owner: false })).toBe(false);
    expect(applies({ ownership_type: 'insured_1' })).toBe(false);
    expect(applies({ ownership_type: 'insured_2' })).toBe(false);
    expect(applies({ ownership_type: 'corporation' })).toBe(false);
  });
});
