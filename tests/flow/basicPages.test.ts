import type { ApplicationData } from '../../engine/index.ts';
import { start, where } from '../support/flow.ts';
import { ruleMessage } from '../support/definitionText.ts';

const LANGUAGE = ruleMessage('basic', 'language_explained', 'other');
const RESIDENCY = ruleMessage('basic', 'is_canadian_tax_resident', 'other');

const withBasic = (basic: Record<string, unknown>, clientId: string | null = '42'): ApplicationData => ({
  basic: { client_id: '42', ...basic },
  $context: clientId ? { clientId } : {},
});

describe('basic screening sub-pages', () => {
  it('starts at Select Client only when the route has no client', () => {
    expect(where(start(withBasic({}, null)))).toBe('basic/select-client');
    expect(where(start(withBasic({})))).toBe('basic/language');
  });

  it('Select Client refuses to continue without a client', () => {
    const actor = start({ basic: {}, $context: {} });
    actor.send({ type: 'NEXT' });
    expect(where(actor)).toBe('basic/select-client');
    expect(actor.getSnapshot().context.errors).toContainEqual({
      field: 'client_id',
      message: ruleMessage('basic', 'client_id', 'other'),
    });
  });

  it('speaking English or French goes straight to Preferred Language (1 -> 1.5)', () => {
    const actor = start(withBasic({ speaks_english_french: true }));
    actor.send({ type: 'NEXT' });
    expect(where(actor)).toBe('basic/preferred-language');
    actor.send({ type: 'BACK' });
    expect(where(actor)).toBe('basic/language');
  });

  it('not speaking them asks whether it was explained (1 -> 1.1), and blocks when it was not', () => {
    const actor = start(withBasic({ speaks_english_french: false, language_explained: false }));
    actor.send({ type: 'NEXT' });
    expect(where(actor)).toBe('basic/language-explanation');
    actor.send({ type: 'NEXT' });
    expect(where(actor)).toBe('basic/language-explanation');
    expect(actor.getSnapshot().context.errors).toContainEqual({ field: 'language_explained', message: LANGUAGE });
    actor.send({ type: 'NEXT', data: withBasic({ speaks_english_french: false, language_explained: true }) });
    expect(where(actor)).toBe('basic/preferred-language');
    expect(actor.getSnapshot().context.errors).toEqual([]);
    actor.send({ type: 'BACK' });
    expect(where(actor)).toBe('basic/language-explanation');
    actor.send({ type: 'BACK' });
    expect(where(actor)).toBe('basic/language');
  });

  it('blocks at Residency for a non-resident, then reaches Application Type (2 -> 3)', () => {
    const actor = start(
      withBasic({ speaks_english_french: true, preferred_language: 'french', is_canadian_tax_resident: false }),
    );
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    expect(where(actor)).toBe('basic/residency');
    actor.send({ type: 'NEXT' });
    expect(where(actor)).toBe('basic/residency');
    expect(actor.getSnapshot().context.errors).toContainEqual({
      field: 'is_canadian_tax_resident',
      message: RESIDENCY,
    });
    actor.send({
      type: 'NEXT',
      data: withBasic({ speaks_english_french: true, preferred_language: 'french', is_canadian_tax_resident: true }),
    });
    expect(where(actor)).toBe('basic/application-type');
  });

  it('Application Type needs the policy number for a replacement, then completes the step', () => {
    const answers = {
      speaks_english_french: true,
      preferred_language: 'english',
      is_canadian_tax_resident: true,
      application_type: 'REPLACEMENT',
    };
    const actor = start(withBasic(answers), 'basic');
    expect(where(actor)).toBe('basic/application-type');
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.errors).toContainEqual({
      field: 'existing_policy_number',
      message: ruleMessage('basic', 'existing_policy_number'),
    });
    actor.send({ type: 'NEXT', data: withBasic({ ...answers, existing_policy_number: 'P-12345' }) });
    expect(where(actor)).toBe('proposed-insured/count');
  });

  it('resumes at the furthest answered sub-page', () => {
    expect(where(start(withBasic({ speaks_english_french: true, preferred_language: 'english' }), 'basic'))).toBe(
      'basic/residency',
    );
    expect(where(start(withBasic({ speaks_english_french: false }), 'basic'))).toBe('basic/language-explanation');
  });

  it('reopens the page the adviser was on (a reload), when that page still applies', () => {
    const answers = { speaks_english_french: true, preferred_language: 'english' };
    expect(where(start(withBasic(answers), 'basic', 'preferred-language'))).toBe('basic/preferred-language');
    expect(where(start(withBasic(answers), 'basic', 'language'))).toBe('basic/language');
    // Language explanation is asked only when the client speaks neither language: the furthest answered page instead.
    expect(where(start(withBasic(answers), 'basic', 'language-explanation'))).toBe('basic/residency');
    // A page of another step means nothing here.
    expect(where(start(withBasic(answers), 'basic', 'count'))).toBe('basic/residency');
  });
});
