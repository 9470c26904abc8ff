import { summarizeRecord, type SummaryGroup } from '../../renderer/summarizeRecord.ts';
import type { JsonObject } from '../../engine/index.ts';
import { definitions, engine, example } from '../support/engine.ts';
import { specText } from '../support/specText.ts';

function rows(group: SummaryGroup): Record<string, string> {
  return Object.fromEntries(group.rows.map((r) => [r.label, r.value]));
}

/** Every answer of a group and of the groups in it, in order. */
const allRows = (group: SummaryGroup): { label: string; value: string }[] => [
  ...group.rows,
  ...group.groups.flatMap(allRows),
];

describe('review summaries come from the definitions', () => {
  it('labels answers with ui:title and ui:enumNames, and leaves hidden widgets out', () => {
    const data = example('owner', 'individual');
    const summary = summarizeRecord(definitions.steps.owner, data.owner as JsonObject);
    const r = Object.fromEntries(allRows(summary).map((x) => [x.label, x.value]));
    expect(r[specText('owner.owner_type.title')]).toBe('Different Individual');
    expect(Object.keys(r)).not.toContain('Ownership type');
    expect(allRows(summary).some((x) => x.label === 'ownership_type' || x.label === 'Ownership type')).toBe(false);
  });

  it('titles list rows with itemTitle and money with CAD', () => {
    const beneficiary = summarizeRecord(
      definitions.steps.beneficiary,
      example('beneficiary', 'split-with-contingent').beneficiary as JsonObject,
    );
    const insured1 = beneficiary.groups.find((g) => g.title === specText('beneficiary.insured_1.title'))!;
    const primary = insured1.groups.find((g) => g.title === 'Primary Beneficiaries')!;
    expect(primary.groups.map((g) => g.title)).toEqual(['Primary Beneficiary 1', 'Primary Beneficiary 2']);
    expect(rows(primary.groups[0])['Designation']).toMatch(/Revocable|Irrevocable/);
    const plan = summarizeRecord(
      definitions.steps['plan-details'],
      example('plan-details', 'single-life-term')['plan-details'] as JsonObject,
    );
    const faceAmounts = allRows(plan).filter((r) => r.label === 'Face Amount');
    expect(faceAmounts.length).toBeGreaterThan(0);
    for (const r of faceAmounts) expect(r.value).toMatch(/^\$\d{1,3}(,\d{3})*$/);
  });

  it('shows a looked-up choice by its option label', () => {
    const summary = summarizeRecord(
      definitions.steps.basic,
      { client_id: 7 },
      { clients: [{ id: 7, first_name: 'Ana', last_name: 'Lopez', date_of_birth: '1985-03-04' }] },
    );
    expect(rows(summary)['Select Client']).toBe('Ana Lopez (1985-03-04)');
  });

  it("lists a SIN masked as *** *** 286, driven by the schema's x-secret", () => {
    const tax = example('tax-information', 'one-owner')['tax-information'] as JsonObject;
    const summary = summarizeRecord(definitions.steps['tax-information'], tax);
    const owner1 = summary.groups.find((g) => g.title === specText('tax-information.sections.owner1_sin.title'))!;
    const values = owner1.rows.filter((r) => r.label.startsWith('SIN part')).map((r) => r.value);
    expect(values.join(' ')).toBe('*** *** 286');
    expect(JSON.stringify(summary)).not.toMatch(/046|454/);
    expect(tax.owner1_sin_part1).toBe('046');
  });

  it("groups answers under the titles of the form's ui:sections, so two people's same questions say whose they are", () => {
    const data = example('screening-review', 'full-application');
    const successors = summarizeRecord(definitions.steps['multi-owner'], data['multi-owner'] as JsonObject);
    const ui = definitions.steps['multi-owner'].ui as { 'ui:sections': { title: string; fields: string[] }[] };
    const titles = ui['ui:sections'].map((s) => s.title);
    expect(successors.rows).toEqual([]);
    expect(successors.groups.map((g) => g.title)).toEqual(
      titles.filter((t) => successors.groups.some((g) => g.title === t)),
    );
    const first = successors.groups.find((g) => g.title === specText('multi-owner.sections.owner1_successor.title'))!;
    const second = successors.groups.find((g) => g.title === specText('multi-owner.sections.owner2_successor.title'))!;
    expect(rows(first)['First Name']).toBe((data['multi-owner'] as JsonObject).owner1_successor_first_name);
    expect(rows(second)['First Name']).toBe((data['multi-owner'] as JsonObject).owner2_successor_first_name);
    // Each section lists its fields in the section's order, as the form draws them.
    const section = ui['ui:sections'].find((s) => s.title === specText('multi-owner.sections.owner1_successor.title'))!;
    const labels = section.fields
      .map((f) => (definitions.steps['multi-owner'].ui as Record<string, { 'ui:title'?: string }>)[f]?.['ui:title'])
      .filter(Boolean);
    expect(first.rows.map((r) => r.label)).toEqual(labels);
  });

  it('titles no section of an object whose form shows one section alone, and nothing is lost', () => {
    const step = {
      schema: {
        type: 'object',
        properties: { person: { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' } } } },
      },
      ui: { person: { 'ui:title': 'Person', 'ui:sections': [{ id: 'who', title: 'Who', fields: ['name', 'age'] }] } },
    } as unknown as Parameters<typeof summarizeRecord>[0];
    const person = summarizeRecord(step, { person: { name: 'Ana', age: 40 } }).groups[0];
    expect(person.title).toBe('Person');
    expect(person.groups.map((g) => g.title)).toEqual([undefined]);
    expect(allRows(person)).toEqual([
      { label: 'Name', value: 'Ana' },
      { label: 'Age', value: '40' },
    ]);
  });

  it("titles sections and nested objects as the form does for these answers, with the engine's texts", () => {
    const data = example('screening-review', 'full-application');
    const texts = engine.evaluateStep('multi-owner', data).texts;
    const successors = summarizeRecord(definitions.steps['multi-owner'], data['multi-owner'] as JsonObject, {}, texts);
    // The example's owners are its two insureds, Arjun and Emily Mehta: the form names them, not "Owner 1" and "Owner 2".
    const named = successors.groups.map((g) => g.title).filter((t) => t?.startsWith('Successor Owner for'));
    expect(named).toEqual(['Successor Owner for Arjun Mehta', 'Successor Owner for Emily Mehta']);
    const beneficiary = summarizeRecord(
      definitions.steps.beneficiary,
      data.beneficiary as JsonObject,
      {},
      engine.evaluateStep('beneficiary', data).texts,
    );
    expect(beneficiary.groups.map((g) => g.title)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Insured 1: \S/)]),
    );
  });
});
