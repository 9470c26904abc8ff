import { summarizeRecord, type SummaryGroup } from '../../renderer/summarizeRecord.ts';
import type { JsonObject } from '../../engine/types.ts';
import { definitions, example } from '../support/engine.ts';

function rows(group: SummaryGroup): Record<string, string> {
  return Object.fromEntries(group.rows.map((r) => [r.label, r.value]));
}

describe('review summaries come from the definitions', () => {
  it('labels answers with ui:title and ui:enumNames, and leaves hidden widgets out', () => {
    const data = example('owner', 'individual');
    const summary = summarizeRecord(definitions.steps.owner, data.owner as JsonObject);
    const r = rows(summary);
    expect(r['Who is the Owner?']).toBe('Different Individual');
    expect(Object.keys(r)).not.toContain('Ownership type');
    expect(summary.rows.some((x) => x.label === 'ownership_type' || x.label === 'Ownership type')).toBe(false);
  });

  it('titles list rows with itemTitle and money with CAD', () => {
    const beneficiary = summarizeRecord(definitions.steps.beneficiary, example('beneficiary', 'split-with-contingent').beneficiary as JsonObject);
    const insured1 = beneficiary.groups.find((g) => g.title === 'Insured Person 1')!;
    const primary = insured1.groups.find((g) => g.title === 'Primary Beneficiaries')!;
    expect(primary.groups.map((g) => g.title)).toEqual(['Primary Beneficiary 1', 'Primary Beneficiary 2']);
    expect(rows(primary.groups[0])['Designation']).toMatch(/Revocable|Irrevocable/);
    const plan = summarizeRecord(definitions.steps['plan-details'], example('plan-details', 'single-life-term')['plan-details'] as JsonObject);
    const option = plan.groups[0].groups[0];
    expect(rows(option)['Face Amount']).toMatch(/^\$\d{1,3}(,\d{3})*$/);
  });

  it('shows a looked-up choice by its option label', () => {
    const summary = summarizeRecord(definitions.steps.basic, { client_id: 7 }, { clients: [{ id: 7, first_name: 'Ana', last_name: 'Lopez', date_of_birth: '1985-03-04' }] });
    expect(rows(summary)['Select Client']).toBe('Ana Lopez (1985-03-04)');
  });

  it('lists a SIN masked as *** *** 286, driven by the schema\'s x-secret', () => {
    const tax = example('tax-information', 'one-owner')['tax-information'] as JsonObject;
    const summary = summarizeRecord(definitions.steps['tax-information'], tax);
    const values = summary.rows.filter((r) => r.label.startsWith('SIN part')).map((r) => r.value);
    expect(values.join(' ')).toBe('*** *** 286');
    expect(JSON.stringify(summary)).not.toMatch(/046|454/);
    expect(tax.owner1_sin_part1).toBe('046');
  });
});
