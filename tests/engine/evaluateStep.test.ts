import { ajvSchemaChecks } from '../../engine/ajvSchemaChecks.ts';
import { createEngine } from '../../engine/createEngine.ts';
import { loadDefinitions } from '../../engine/loadDefinitions.ts';
import { personFiles } from '../support/miniDefinitions.ts';
import { specText } from '../support/specText.ts';

const engine = createEngine(loadDefinitions(personFiles()), ajvSchemaChecks());
const base = { first_name: 'Ann', last_name: 'Lee', insured_1: { assets: 10, debts: 4 }, insured_2: { assets: 1 } };
const view = (person: Record<string, unknown>, options = {}) => engine.evaluateStep('person', { person }, options);

describe('evaluateStep', () => {
  it('clears the answer of a hidden field and reports it as hidden and cleared', () => {
    const v = view({ ...base, email_consent: false, email: 'ann@example.com' });
    expect(v.hidden).toContain('email');
    expect(v.cleared).toContain('email');
    expect(v.values.email).toBeUndefined();
  });

  it('keeps a visible answer and checks it', () => {
    const v = view({ ...base, email_consent: true, email: 'not-an-email' });
    expect(v.values.email).toBe('not-an-email');
    expect(v.errors).toContainEqual({ field: 'email', message: specText('client-profile.email.errorMessage.type') });
  });

  it('does not report errors of hidden fields, even required ones', () => {
    const v = view({ ...base, email_consent: false });
    expect(v.errors.find((e) => e.field === 'email')).toBeUndefined();
    expect(view({ ...base, email_consent: true }).errors).toContainEqual({
      field: 'email',
      message: 'Email is required with consent',
    });
  });

  it('takes schema messages from errorMessage and treats a blank value as absent', () => {
    expect(view({ ...base, postal_code: '12345' }).errors).toContainEqual({
      field: 'postal_code',
      message: specText('owner.postal_code.errorMessage.pattern'),
    });
    expect(view({ ...base, postal_code: 'K1A 0B1' }).errors).toEqual([]);
    expect(view({ ...base, postal_code: '' }).errors).toEqual([]);
  });

  it('treats white space as blank for required rules', () => {
    expect(view({ ...base, first_name: '   ' }).errors).toContainEqual({
      field: 'first_name',
      message: specText('proposed-insured.groups.insured_1.validation.last_name.required.message'),
    });
  });

  it('recomputes computed values instead of trusting them', () => {
    const v = view({ ...base, full_name: 'Someone Else', insured_1: { assets: 10, debts: 4, net: 999 } });
    expect(v.values.full_name).toBe('Ann Lee');
    expect((v.values.insured_1 as { net: number }).net).toBe(6);
    expect(v.computed['insured_1.net']).toBe(6);
  });

  it('computes a group value only when its condition holds', () => {
    const v = view({ ...base, insured_2: { assets: 5, debts: null } });
    expect((v.values.insured_2 as { net?: number }).net).toBeUndefined();
  });

  it("repeats group rules per scope with the scope's params in the message", () => {
    const v = view({ ...base, insured_1: {}, insured_2: {} });
    expect(v.errors).toContainEqual({ field: 'insured_1.assets', message: 'Assets are required for Insured 1' });
    expect(v.errors).toContainEqual({ field: 'insured_2.assets', message: 'Assets are required for Insured 2' });
  });

  it('evaluates row rules once per array row, with run-time params', () => {
    const v = view({ ...base, rows: [{ name: 'a' }, { name: '', dob: '2015-01-01' }] });
    expect(v.errors).toContainEqual({ field: 'rows.1.name', message: 'Row 2 needs a name' });
    expect(v.errors.find((e) => e.field === 'rows.0.name')).toBeUndefined();
    expect((v.values.rows as { minor: boolean }[]).map((r) => r.minor)).toEqual([false, true]);
  });

  it('limits errors to the given top-level fields (one page)', () => {
    const v = view({ insured_1: {}, insured_2: { assets: 1 } }, { fields: ['insured_1'] });
    expect(v.errors.map((e) => e.field)).toEqual(['insured_1.assets']);
  });

  it('refuses fields the schema does not know', () => {
    expect(view({ ...base, surprise: 1 }).errors).toContainEqual({ field: 'surprise', message: 'Unknown field' });
  });

  it('gives a plain message for a wrong type', () => {
    expect(view({ ...base, insured_1: { assets: 'lots' } }).errors).toContainEqual({
      field: 'insured_1.assets',
      message: 'Please enter a number',
    });
  });

  it('never mutates the data it is given', () => {
    const person = { ...base, email_consent: false, email: 'x@y.z' };
    const frozen = structuredClone(person);
    view(person);
    expect(person).toEqual(frozen);
  });
});
