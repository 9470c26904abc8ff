import { engine, example } from '../support/engine.ts';
import { ruleMessage } from '../support/definitionText.ts';

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
    [{ first_name: 'A' }, 'first_name', 'First name must be at least 2 characters'],
    [{ first_name: 'A'.repeat(51) }, 'first_name', 'First name must be less than 50 characters'],
    [{ last_name: 'B' }, 'last_name', 'Last name must be at least 2 characters'],
    [{ last_name: 'B'.repeat(51) }, 'last_name', 'Last name must be less than 50 characters'],
    [{ email: 'marie@' }, 'email', 'Please enter a valid email address'],
    [{ phone_primary: '555-01' }, 'phone_primary', 'Please enter a valid phone number'],
    [{ date_of_birth: '2999-01-01' }, 'date_of_birth', 'Date of birth cannot be in the future'],
    [{ date_of_birth: '1899-12-31' }, 'date_of_birth', 'Date of birth must be after 1900'],
    [{ first_name: '' }, 'first_name', ruleMessage('client-profile', 'first_name')],
    [{ last_name: '  ' }, 'last_name', ruleMessage('client-profile', 'last_name')],
    [{ phone_primary: undefined }, 'phone_primary', ruleMessage('client-profile', 'phone_primary')],
    [{ date_of_birth: undefined }, 'date_of_birth', 'Date of birth is required'],
    [{ gender_sex_at_birth: undefined }, 'gender_sex_at_birth', ruleMessage('client-profile', 'gender_sex_at_birth')],
  ])('%o gives "%s: %s"', (patch, field, message) => {
    expect(errorsFor(patch)).toContainEqual({ field, message });
  });
  it('accepts a 50-character name, a +1 phone with spaces and no email', () => {
    expect(errorsFor({ first_name: 'A'.repeat(50), phone_primary: '+1 514 555 0142', email: null })).toEqual([]);
  });
});
