import { engine, example, errorsOf, definitions } from '../support/engine.ts';
import { definitionText, ruleMessage } from '../support/definitionText.ts';
import type { ApplicationData, JsonObject } from '../../engine/index.ts';

const STEP = 'purpose-of-insurance';

function record(data: ApplicationData): JsonObject {
  return data[STEP] as JsonObject;
}

describe('purpose-of-insurance examples', () => {
  it.each(Object.keys(definitions.steps[STEP].examples))('%s has no errors', (name) => {
    expect(errorsOf(STEP, example(STEP, name))).toEqual([]);
  });

  it('covers the spec variants', () => {
    expect(Object.keys(definitions.steps[STEP].examples).sort()).toEqual([
      'income-replacement',
      'other-purpose-and-source',
    ]);
  });
});

describe('purpose-of-insurance validation', () => {
  it('an empty form asks for a purpose, a source of payment and the third-party interest', () => {
    const errors = errorsOf(STEP, { [STEP]: {} });
    expect(errors).toContainEqual({
      field: 'purpose_of_insurance',
      message: ruleMessage(STEP, 'purpose_of_insurance'),
    });
    expect(errors).toContainEqual({
      field: 'source_of_payment',
      message: ruleMessage(STEP, 'source_of_payment'),
    });
    expect(errors).toContainEqual({
      field: 'has_third_party_interest',
      message: ruleMessage(STEP, 'has_third_party_interest'),
    });
    expect(errors).toHaveLength(3);
  });

  it('a purpose must be one of the listed values', () => {
    const data = example(STEP, 'income-replacement');
    record(data).purpose_of_insurance = 'estate_planning';
    expect(errorsOf(STEP, data)).toContainEqual({
      field: 'purpose_of_insurance',
      message: ruleMessage(STEP, 'purpose_of_insurance'),
    });
    for (const purpose of ['income_replacement', 'key_person', 'buy_sell', 'personal']) {
      record(data).purpose_of_insurance = purpose;
      expect(errorsOf(STEP, data)).toEqual([]);
    }
  });

  it('an empty list of sources is not enough', () => {
    const data = example(STEP, 'income-replacement');
    record(data).source_of_payment = [];
    expect(errorsOf(STEP, data)).toEqual([
      { field: 'source_of_payment', message: ruleMessage(STEP, 'source_of_payment') },
    ]);
    record(data).source_of_payment = ['employment_income', 'investment_income'];
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('every source of payment must be one of the listed values', () => {
    const data = example(STEP, 'income-replacement');
    record(data).source_of_payment = ['employment_income', 'cryptocurrency'];
    expect(errorsOf(STEP, data)).toEqual([
      {
        field: 'source_of_payment.1',
        message: definitionText(`${STEP}/schema.json`, '/properties/source_of_payment/items/errorMessage/enum'),
      },
    ]);
    record(data).source_of_payment = [
      'self_employment_income',
      'employment_income',
      'retirement_income',
      'grants_scholarships',
      'insurance_claim_payments',
      'corporate',
      'investment_income',
      'sale_of_assets',
      'trust_inheritance',
      'gift',
      'loan',
      'lottery_winnings',
      'legal_case_proceeds',
    ];
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('other purpose needs the text', () => {
    const data = example(STEP, 'other-purpose-and-source');
    record(data).purpose_of_insurance_other = ' ';
    expect(errorsOf(STEP, data)).toEqual([
      { field: 'purpose_of_insurance_other', message: ruleMessage(STEP, 'purpose_of_insurance_other') },
    ]);
    record(data).purpose_of_insurance_other = 'Charitable giving';
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('a third-party interest needs details', () => {
    const data = example(STEP, 'income-replacement');
    record(data).has_third_party_interest = true;
    expect(errorsOf(STEP, data)).toEqual([
      { field: 'third_party_interest_details', message: ruleMessage(STEP, 'third_party_interest_details') },
    ]);
    record(data).third_party_interest_details = 'Business partner funds half the premium under a buy-sell agreement.';
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('other source of payment needs the text', () => {
    const data = example(STEP, 'income-replacement');
    record(data).source_of_payment = ['employment_income', 'other'];
    expect(errorsOf(STEP, data)).toEqual([
      { field: 'source_of_payment_other', message: ruleMessage(STEP, 'source_of_payment_other') },
    ]);
    record(data).source_of_payment_other = 'Severance payment';
    expect(errorsOf(STEP, data)).toEqual([]);
  });
});

describe('purpose-of-insurance visibility', () => {
  it('free-text and details fields show only for their answers, and are cleared when hidden', () => {
    const data = example(STEP, 'other-purpose-and-source');
    let v = engine.evaluateStep(STEP, data);
    expect(v.hidden).toEqual([]);

    record(data).purpose_of_insurance = 'key_person';
    record(data).has_third_party_interest = false;
    record(data).source_of_payment = ['investment_income'];
    v = engine.evaluateStep(STEP, data);
    expect(v.hidden).toEqual(
      expect.arrayContaining(['purpose_of_insurance_other', 'third_party_interest_details', 'source_of_payment_other']),
    );
    expect(v.values).toEqual({
      purpose_of_insurance: 'key_person',
      has_third_party_interest: false,
      source_of_payment: ['investment_income'],
    });
    expect(v.cleared).toEqual(
      expect.arrayContaining(['purpose_of_insurance_other', 'third_party_interest_details', 'source_of_payment_other']),
    );
    expect(v.errors).toEqual([]);
  });
});
