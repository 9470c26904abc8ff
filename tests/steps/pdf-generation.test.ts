import { example, errorsOf, definitions } from '../support/engine.ts';
import type { JsonObject } from '../../engine/index.ts';
import { ruleMessage } from '../support/definitionText.ts';
import { specText } from '../support/specText.ts';

const STEP = 'pdf-generation';
const NONE = { field: 'populate_forms', message: ruleMessage('pdf-generation', 'populate_forms') };

describe('pdf-generation examples', () => {
  it.each(Object.keys(definitions.steps[STEP].examples))('%s has no errors', (name) => {
    expect(errorsOf(STEP, example(STEP, name))).toEqual([]);
  });
});

describe('pdf-generation validation', () => {
  it('requires at least one insurer', () => {
    const data = example(STEP, 'three-insurers');
    (data[STEP] as JsonObject).populate_forms = [];
    expect(errorsOf(STEP, data)).toContainEqual(NONE);
    delete (data[STEP] as JsonObject).populate_forms;
    expect(errorsOf(STEP, data)).toContainEqual(NONE);
    expect(errorsOf(STEP, {})).toContainEqual(NONE);
    (data[STEP] as JsonObject).populate_forms = ['MANULIFE'];
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('accepts each of the five insurers, and all five together', () => {
    const all = ['BMO', 'MANULIFE', 'SUNLIFE', 'BENEVA', 'CANADA_LIFE'];
    for (const id of all) expect(errorsOf(STEP, { [STEP]: { populate_forms: [id] } })).toEqual([]);
    expect(errorsOf(STEP, { [STEP]: { populate_forms: all } })).toEqual([]);
  });

  it('refuses an unknown insurer and a duplicate choice', () => {
    expect(errorsOf(STEP, { [STEP]: { populate_forms: ['DESJARDINS'] } }).length).toBeGreaterThan(0);
    expect(errorsOf(STEP, { [STEP]: { populate_forms: ['BMO', 'BMO'] } }).map((e) => e.field)).toContain(
      'populate_forms',
    );
  });
});

describe('pdf-generation screen', () => {
  const ui = definitions.steps[STEP].ui as Record<string, Record<string, unknown>>;
  const options = ui['ui:options'] as Record<string, unknown>;

  it("shows the five insurers as checkboxes with the spec's names", () => {
    expect(ui.populate_forms['ui:widget']).toBe('checkboxes');
    expect(ui.populate_forms['ui:enumNames']).toEqual({
      BMO: 'BMO',
      MANULIFE: 'Manulife',
      SUNLIFE: 'Sun Life',
      BENEVA: 'Beneva',
      CANADA_LIFE: 'Canada Life',
    });
  });

  it("has no Save, and is the flow's final step (its buttons: tests/steps/specTexts.json)", () => {
    expect(options.showSave).toBe(false);
    expect(definitions.flow.steps.find((s) => s.id === STEP)?.final).toBe(true);
  });

  it('has the result view and error texts', () => {
    const texts = JSON.stringify(options);
    for (const t of [
      specText('pdf-generation.result.heading'),
      'Download PDF',
      specText('pdf-generation.result.generateAnotherLabel'),
      specText('pdf-generation.result.returnHomeLabel'),
      'Not specified',
      'Life Insurance',
      'Single Life',
      'Joint Plan',
      specText('pdf-generation.messages.generateFailed'),
      specText('owner.calls./insurance/screening/owner/.clientId.message'),
      specText('pdf-generation.messages.clientIdMissing'),
      specText('pdf-generation.messages.fetchFailed'),
      specText('pdf-generation.messages.loadFailed'),
      specText('pdf-generation.messages.loadError'),
    ])
      expect(texts).toContain(t);
  });

  it("refuses an application the payload cannot be built from with the spec's texts, each naming its step", () => {
    const checks = definitions.steps[STEP].documents?.payload?.checks ?? [];
    expect(checks.map((c) => [c.message, c.field])).toEqual([
      [specText('pdf-generation.checks.proposed-insured.insured_1.message'), 'proposed-insured.insured_1'],
      [specText('pdf-generation.checks.beneficiary.message'), 'beneficiary'],
      [specText('pdf-generation.checks.plan-details.message'), 'plan-details'],
      [specText('pdf-generation.checks.purpose-of-insurance.message'), 'purpose-of-insurance'],
      [specText('pdf-generation.checks.financial.message'), 'financial'],
    ]);
  });
});
