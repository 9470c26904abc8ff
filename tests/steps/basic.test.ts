import { engine, example, errorsOf, definitions } from '../support/engine.ts';
import type { ApplicationData, JsonObject } from '../../engine/index.ts';
import { ruleMessage } from '../support/definitionText.ts';
import { specText } from '../support/specText.ts';

const STEP = 'basic';
const NO_CLIENT = ruleMessage('basic', 'client_id', 'other');
const POLICY_REQUIRED = ruleMessage('basic', 'existing_policy_number');

function record(data: ApplicationData): JsonObject {
  return data[STEP] as JsonObject;
}

/** The message on a field, if any. */
function messageOn(data: ApplicationData, field: string): string | undefined {
  return errorsOf(STEP, data).find((e) => e.field === field)?.message;
}

describe('basic examples', () => {
  it.each(Object.keys(definitions.steps[STEP].examples))('%s has no errors', (name) => {
    expect(errorsOf(STEP, example(STEP, name))).toEqual([]);
  });

  it('has an example for a new application and one for a replacement with a policy number', () => {
    expect(record(example(STEP, 'new-application')).application_type).toBe('NEW');
    const replacement = record(example(STEP, 'replacement'));
    expect(replacement.application_type).toBe('REPLACEMENT');
    expect(replacement.existing_policy_number).toBeTruthy();
  });
});

describe('basic: the record', () => {
  const schema = definitions.steps[STEP].schema as {
    properties: Record<string, { default?: unknown; enum?: unknown[] }>;
  };

  it("holds the spec's basic screening fields", () => {
    expect(Object.keys(schema.properties).sort()).toEqual([
      'application_type',
      'client_id',
      'existing_policy_number',
      'is_canadian_tax_resident',
      'language_explained',
      'number_of_insureds',
      'preferred_language',
      'product_type',
      'proposed_insured_1',
      'proposed_insured_2',
      'speaks_english_french',
    ]);
  });

  it("pre-selects no answer (issue 10: the spec's record defaults live only in the legacy call) and keeps the option sets", () => {
    for (const field of [
      'speaks_english_french',
      'language_explained',
      'is_canadian_tax_resident',
      'preferred_language',
      'application_type',
      'product_type',
    ]) {
      expect(schema.properties[field], field).not.toHaveProperty('default');
    }
    expect(schema.properties.preferred_language.enum).toEqual(['english', 'french']);
    expect(schema.properties.application_type.enum).toEqual(['NEW', 'ADDITIONAL', 'REPLACEMENT', 'LINKED']);
    const legacy = definitions.steps[STEP].contract?.calls?.find((c) => c.method === 'POST');
    expect(legacy?.defaults).toEqual({ application_type: 'NEW', product_type: 't10' });
  });

  it("asks for an explicit answer to every question, in the definitions' words", () => {
    const data = { [STEP]: {}, $context: { clientId: '7' } };
    expect(errorsOf(STEP, data)).toEqual([
      { field: 'speaks_english_french', message: ruleMessage('basic', 'speaks_english_french') },
      { field: 'preferred_language', message: ruleMessage('basic', 'preferred_language') },
      { field: 'is_canadian_tax_resident', message: ruleMessage('basic', 'is_canadian_tax_resident') },
      { field: 'application_type', message: ruleMessage('basic', 'application_type') },
    ]);
    (data[STEP] as JsonObject).speaks_english_french = false;
    expect(messageOn(data, 'language_explained')).toBe(ruleMessage('basic', 'language_explained'));
  });

  it('labels the application types as the spec does', () => {
    const ui = definitions.steps[STEP].ui as Record<string, { 'ui:enumNames'?: Record<string, string> }>;
    expect(ui.application_type['ui:enumNames']).toEqual({
      NEW: 'New Application',
      ADDITIONAL: 'Additional Coverage',
      REPLACEMENT: 'Internal Replacement',
      LINKED: 'Linked Applications',
    });
  });
});

describe('basic: select client', () => {
  it('asks for a client when the route has none', () => {
    const data = example(STEP, 'replacement');
    delete record(data).client_id;
    expect(errorsOf(STEP, data)).toContainEqual({ field: 'client_id', message: NO_CLIENT });
    record(data).client_id = '';
    expect(errorsOf(STEP, data)).toContainEqual({ field: 'client_id', message: NO_CLIENT });
    record(data).client_id = '3120';
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('does not count "Create New Client" as a chosen client', () => {
    const data = example(STEP, 'replacement');
    record(data).client_id = '__new__';
    expect(errorsOf(STEP, data)).toContainEqual({ field: 'client_id', message: NO_CLIENT });
  });

  it('takes the client from the route when there is one', () => {
    const data = example(STEP, 'new-application');
    delete record(data).client_id;
    const view = engine.evaluateStep(STEP, data);
    expect(view.values.client_id).toBe('1024');
    expect(view.errors).toEqual([]);
  });

  it('offers "Create New Client" first in the client dropdown', () => {
    const ui = definitions.steps[STEP].ui as Record<
      string,
      { 'ui:widget'?: string; 'ui:options'?: Record<string, unknown> }
    >;
    expect(ui.client_id['ui:widget']).toBe('lookupSelect');
    // It leads to the blank client profile (spec 1: "Create New Client" (leads to /client/profile)).
    expect(ui.client_id['ui:options']?.firstOption).toEqual({
      value: '__new__',
      label: specText('basic.client_id.firstOption.label'),
      to: '/client/profile',
    });
  });
});

describe('basic: language check', () => {
  it('asks whether it was explained only when the person does not speak English or French', () => {
    const data = example(STEP, 'new-application');
    record(data).language_explained = true;
    let view = engine.evaluateStep(STEP, data);
    expect(view.hidden).toContain('language_explained');
    expect(view.values).not.toHaveProperty('language_explained');
    expect(view.cleared).toContain('language_explained');

    record(data).speaks_english_french = false;
    view = engine.evaluateStep(STEP, data);
    expect(view.hidden).not.toContain('language_explained');
    expect(view.values.language_explained).toBe(true);
  });

  it("blocks when the process was not explained in the person's language", () => {
    const data = example(STEP, 'replacement');
    record(data).language_explained = false;
    const message = messageOn(data, 'language_explained');
    expect(message).toMatch(/applications with .*provider require/i);
    expect(message).toMatch(/explained in your language/i);
    delete record(data).language_explained;
    expect(messageOn(data, 'language_explained')).toBe(ruleMessage('basic', 'language_explained'));
    record(data).language_explained = true;
    expect(errorsOf(STEP, data)).toEqual([]);
  });
});

describe('basic: residency check', () => {
  it('blocks when the person is not a Canadian tax resident', () => {
    const data = example(STEP, 'new-application');
    record(data).is_canadian_tax_resident = false;
    expect(messageOn(data, 'is_canadian_tax_resident')).toMatch(
      /applications with .*provider require Canadian tax residency/i,
    );
    record(data).is_canadian_tax_resident = true;
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it("reports only the page's fields when asked for one page", () => {
    const data = example(STEP, 'new-application');
    record(data).is_canadian_tax_resident = false;
    expect(engine.evaluateStep(STEP, data, { fields: ['speaks_english_french'] }).errors).toEqual([]);
    expect(engine.evaluateStep(STEP, data, { fields: ['is_canadian_tax_resident'] }).errors).toHaveLength(1);
  });
});

describe('basic: application type', () => {
  it.each([
    ['ADDITIONAL', specText('basic.existing_policy_number.title')],
    ['REPLACEMENT', specText('basic.texts.REPLACEMENT.text')],
    ['LINKED', specText('basic.texts.LINKED.text')],
  ])('%s requires the policy number, labelled "%s"', (type, label) => {
    const data = example(STEP, 'replacement');
    record(data).application_type = type;
    delete record(data).existing_policy_number;
    const view = engine.evaluateStep(STEP, data);
    expect(view.hidden).not.toContain('existing_policy_number');
    expect(view.errors).toContainEqual({ field: 'existing_policy_number', message: POLICY_REQUIRED });
    expect(
      view.texts.existing_policy_number ??
        (definitions.steps[STEP].ui as Record<string, Record<string, string>>).existing_policy_number['ui:title'],
    ).toBe(label);

    record(data).existing_policy_number = '   ';
    expect(errorsOf(STEP, data)).toContainEqual({ field: 'existing_policy_number', message: POLICY_REQUIRED });
    record(data).existing_policy_number = 'UL-0099812';
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('changing the type to NEW hides and clears the policy number', () => {
    const data = example(STEP, 'replacement');
    record(data).application_type = 'NEW';
    const view = engine.evaluateStep(STEP, data, { previous: example(STEP, 'replacement')[STEP] });
    expect(view.hidden).toContain('existing_policy_number');
    expect(view.values).not.toHaveProperty('existing_policy_number');
    expect(view.cleared).toContain('existing_policy_number');
    expect(view.errors).toEqual([]);
  });
});

describe('basic: number of insureds', () => {
  it("is written by the proposed insured step's save (its contract), not computed twice", () => {
    const contract = definitions.steps['proposed-insured'].contract;
    expect(contract?.writes).toEqual({ 'basic.number_of_insureds': { var: 'proposed-insured.number_of_insureds' } });
    expect(contract?.records?.map((r) => r.link)).toEqual(['basic.proposed_insured_1', 'basic.proposed_insured_2']);
  });
});
