import { engine, example } from '../support/engine.ts';
import { ruleMessage } from '../support/definitionText.ts';
import { specText } from '../support/specText.ts';

const errorsFor = (patch: Record<string, unknown>) => {
  const data = example('client-profile', 'complete');
  data['client-profile'] = { ...data['client-profile'], ...patch };
  return engine.evaluateStep('client-profile', data).errors;
};

describe('client profile rules (spec 1, section 5)', () => {
  it('accepts the complete example', () => {
    expect(errorsFor({})).toEqual([]);
  });
  it.each([
    [{ first_name: 'A' }, 'first_name', specText('client-profile.first_name.errorMessage.type')],
    [{ first_name: 'A'.repeat(51) }, 'first_name', specText('client-profile.first_name.errorMessage.maxLength')],
    [{ last_name: 'B' }, 'last_name', specText('client-profile.last_name.errorMessage.type')],
    [{ last_name: 'B'.repeat(51) }, 'last_name', specText('client-profile.last_name.errorMessage.maxLength')],
    [{ email: 'marie@' }, 'email', specText('client-profile.email.errorMessage.type')],
    [{ phone_primary: '555-01' }, 'phone_primary', specText('client-profile.phone_primary.errorMessage.type')],
    [
      { date_of_birth: '2999-01-01' },
      'date_of_birth',
      specText('client-profile.validation.date_of_birth.future.message'),
    ],
    [
      { date_of_birth: '1899-12-31' },
      'date_of_birth',
      specText('client-profile.validation.date_of_birth.after1900.message'),
    ],
    [{ first_name: '' }, 'first_name', ruleMessage('client-profile', 'first_name')],
    [{ last_name: '  ' }, 'last_name', ruleMessage('client-profile', 'last_name')],
    [{ phone_primary: undefined }, 'phone_primary', ruleMessage('client-profile', 'phone_primary')],
    [
      { date_of_birth: undefined },
      'date_of_birth',
      specText('client-profile.validation.date_of_birth.required.message'),
    ],
    [{ gender_sex_at_birth: undefined }, 'gender_sex_at_birth', ruleMessage('client-profile', 'gender_sex_at_birth')],
  ])('%o gives "%s: %s"', (patch, field, message) => {
    expect(errorsFor(patch)).toContainEqual({ field, message });
  });
  it('accepts a 50-character name, a +1 phone with spaces and no email', () => {
    expect(errorsFor({ first_name: 'A'.repeat(50), phone_primary: '+1 514 555 0142', email: null })).toEqual([]);
  });
});
