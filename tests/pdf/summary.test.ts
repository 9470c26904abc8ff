import { formatMoney, formatValue } from '../../api/pdf/formatValue.ts';
import type { JsonObject } from '../../engine/index.ts';
import { example, fullApplication, step, summaryOf } from './support.ts';
import { specText } from '../support/specText.ts';

describe("the result view's summary cards", () => {
  it('describe the complete two-insured application', () => {
    expect(summaryOf(fullApplication(), ['BMO', 'CANADA_LIFE'])).toEqual({
      provider: 'BMO, Canada Life',
      product_type: 'Whole Life',
      number_of_insureds: 2,
      type_of_insurance: 'Life Insurance',
      primary_insured: 'Arjun K. Mehta',
      secondary_insured: 'Emily R. Mehta',
      owner_type: specText('owner.owner_type.enumNames.joint_insureds'),
      owner_name: 'Arjun K. Mehta and Emily R. Mehta',
      plan_details: [
        {
          plan_type: 'Joint Plan',
          product_type: 'Whole Life',
          plan_name: 'Estate Protector',
          face_amount: '$750,000',
          face_amount_value: 750000,
        },
      ],
    });
  });

  it('say "Not specified" without a second insured, and list single-life plans', () => {
    const data = fullApplication();
    step(data, 'proposed-insured').number_of_insureds = 1;
    data['plan-details'] = example('owner', 'individual-second-owner')['plan-details'];
    step(data, 'owner').owner_type = 'insured_1';
    const summary = summaryOf(data, []);
    expect(summary).toMatchObject({
      provider: 'Not specified',
      secondary_insured: 'Not specified',
      number_of_insureds: 1,
      product_type: 'Combination',
      owner_type: specText('owner.owner_type.enumNames.insured_1'),
      owner_name: 'Arjun K. Mehta',
    });
    expect(summary.plan_details).toEqual([
      {
        plan_type: 'Single Life',
        product_type: 'Whole Life',
        plan_name: 'Estate Protector',
        face_amount: '$250,000',
        face_amount_value: 250000,
      },
      {
        plan_type: 'Single Life',
        product_type: 'Term Life',
        plan_name: 'Term 20',
        face_amount: '$750,000',
        face_amount_value: 750000,
      },
    ]);
  });

  it('name a corporate owner by its legal name', () => {
    const data = fullApplication();
    data.owner = example('owner', 'entity').owner;
    const summary = summaryOf(data);
    expect(summary.owner_type).toBe('Corporation/Trust/Entity');
    expect(summary.owner_name).toBe((data.owner as JsonObject).legal_name);
  });
});

describe('printed values', () => {
  it('format money as Canadian dollars with thousands separators', () => {
    expect(formatMoney(750000)).toBe('$750,000');
    expect(formatMoney(1234567.5)).toBe('$1,234,567.50');
    expect(formatValue(0, 'money')).toBe('$0');
  });

  it('format the other kinds of answers', () => {
    expect(formatValue(true, 'yesno')).toBe('Yes');
    expect(formatValue(false, 'yesno', { false: 'Non / No' })).toBe('Non / No');
    expect(formatValue('common_law', 'enum')).toBe('Common Law');
    expect(formatValue('common_law', 'enum', { common_law: 'Common-Law' })).toBe('Common-Law');
    // A choice's own text (a purpose typed under "other") prints as typed; only codes are title-cased.
    expect(formatValue('RRSP top-up for the grandchildren', 'enum')).toBe('RRSP top-up for the grandchildren');
    expect(formatValue(['employment_income', 'gift'], 'list', { gift: 'Gift' })).toBe('Employment Income, Gift');
    expect(formatValue('046454286', 'sin')).toBe('046 454 286');
    expect(formatValue(33.333, 'percent')).toBe('33.33%');
    expect(formatValue(2017, 'number')).toBe('2017');
    expect(formatValue(null, 'money')).toBe('');
    expect(formatValue(undefined)).toBe('');
  });
});
