import { engine, example, errorsOf, definitions } from '../support/engine.ts';
import type { ApplicationData, JsonObject } from '../../engine/index.ts';
import { ruleMessage } from '../support/definitionText.ts';
import { specText } from '../support/specText.ts';

const STEP = 'financial';

function record(data: ApplicationData): JsonObject {
  return data[STEP] as JsonObject;
}
function part(data: ApplicationData, key: string): JsonObject {
  return record(data)[key] as JsonObject;
}
function view(data: ApplicationData, previous?: JsonObject) {
  return engine.evaluateStep(STEP, data, previous ? { previous } : {});
}

const employedOwner = {
  total_assets: 500000,
  total_liabilities: 100000,
  is_gainfully_employed: true,
  annual_earned_income: 90000,
};

describe('financial examples', () => {
  it.each(Object.keys(definitions.steps[STEP].examples))('%s has no errors', (name) => {
    expect(errorsOf(STEP, example(STEP, name))).toEqual([]);
  });

  it('covers the spec variants', () => {
    expect(Object.keys(definitions.steps[STEP].examples).sort()).toEqual([
      'corporate-owner',
      'employed-insured',
      'family-income',
      'two-insureds',
    ]);
  });
});

describe('financial validation per insured', () => {
  it('assets and liabilities are required for insured 1', () => {
    const data = example(STEP, 'employed-insured');
    part(data, 'insured_1').total_assets = null;
    delete part(data, 'insured_1').total_liabilities;
    expect(errorsOf(STEP, data)).toEqual([
      {
        field: 'insured_1.total_assets',
        message: specText('financial.groups.insured_1.validation.total_assets.required.message'),
      },
      {
        field: 'insured_1.total_liabilities',
        message: specText('financial.groups.insured_1.validation.total_liabilities.required.message'),
      },
    ]);
    part(data, 'insured_1').total_assets = 250000;
    part(data, 'insured_1').total_liabilities = 0;
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('an empty record asks whether insured 1 is employed, and for assets and liabilities', () => {
    const errors = errorsOf(STEP, { owner: { ownership_type: 'insured_1' }, [STEP]: {} });
    expect(errors).toEqual([
      {
        field: 'insured_1.is_gainfully_employed',
        message: 'Please answer whether Proposed Insured 1 is gainfully employed',
      },
      {
        field: 'insured_1.total_assets',
        message: specText('financial.groups.insured_1.validation.total_assets.required.message'),
      },
      {
        field: 'insured_1.total_liabilities',
        message: specText('financial.groups.insured_1.validation.total_liabilities.required.message'),
      },
    ]);
  });

  it('a gainfully employed insured needs annual earned income', () => {
    const data = example(STEP, 'employed-insured');
    part(data, 'insured_1').annual_earned_income = null;
    expect(errorsOf(STEP, data)).toEqual([
      {
        field: 'insured_1.annual_earned_income',
        message: specText('financial.groups.insured_1.validation.annual_earned_income.required.message'),
      },
    ]);
    part(data, 'insured_1').annual_earned_income = 64000;
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('an insured not gainfully employed needs family income and the spouse insurance amount', () => {
    const data = example(STEP, 'family-income');
    delete part(data, 'insured_1').family_income;
    part(data, 'insured_1').spouse_insurance_amount = null;
    expect(errorsOf(STEP, data)).toEqual([
      {
        field: 'insured_1.family_income',
        message: specText('financial.groups.insured_1.validation.family_income.required.message'),
      },
      {
        field: 'insured_1.spouse_insurance_amount',
        message: specText('financial.groups.insured_1.validation.spouse_insurance_amount.required.message'),
      },
    ]);
    part(data, 'insured_1').family_income = 96000;
    part(data, 'insured_1').spouse_insurance_amount = 500000;
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('insured 2 is checked only while added', () => {
    const data = example(STEP, 'two-insureds');
    record(data).insured_2 = { is_gainfully_employed: false };
    expect(errorsOf(STEP, data)).toEqual([
      {
        field: 'insured_2.total_assets',
        message: specText('financial.groups.insured_1.validation.total_assets.required.message'),
      },
      {
        field: 'insured_2.total_liabilities',
        message: specText('financial.groups.insured_1.validation.total_liabilities.required.message'),
      },
      {
        field: 'insured_2.family_income',
        message: specText('financial.groups.insured_1.validation.family_income.required.message'),
      },
      {
        field: 'insured_2.spouse_insurance_amount',
        message: specText('financial.groups.insured_1.validation.spouse_insurance_amount.required.message'),
      },
    ]);
    data['proposed-insured'] = { number_of_insureds: 1 };
    const v = view(data);
    expect(v.errors).toEqual([]);
    expect(v.hidden).toContain('insured_2');
    expect(v.values.insured_2).toBeUndefined();
  });

  it('amounts must be numbers', () => {
    const data = example(STEP, 'employed-insured');
    part(data, 'insured_1').total_assets = 'lots';
    expect(errorsOf(STEP, data)).toContainEqual({
      field: 'insured_1.total_assets',
      message: specText('financial.money.errorMessage.type'),
    });
  });
});

describe('financial gainfully-employed toggle', () => {
  it('checked shows earned income and clears family income and spouse amount', () => {
    const data = example(STEP, 'family-income');
    part(data, 'insured_1').is_gainfully_employed = true;
    const v = view(data);
    expect(v.hidden).toEqual(expect.arrayContaining(['insured_1.family_income', 'insured_1.spouse_insurance_amount']));
    expect(v.hidden).not.toContain('insured_1.annual_earned_income');
    expect(v.values.insured_1).not.toHaveProperty('family_income');
    expect(v.values.insured_1).not.toHaveProperty('spouse_insurance_amount');
    expect(v.errors).toEqual([
      {
        field: 'insured_1.annual_earned_income',
        message: specText('financial.groups.insured_1.validation.annual_earned_income.required.message'),
      },
    ]);
  });

  it('unchecked clears annual earned income', () => {
    const data = example(STEP, 'corporate-owner');
    part(data, 'owner_financial_data').is_gainfully_employed = false;
    const v = view(data);
    expect(v.hidden).toContain('owner_financial_data.annual_earned_income');
    expect(v.values.owner_financial_data).not.toHaveProperty('annual_earned_income');
    expect(v.errors).toEqual([
      {
        field: 'owner_financial_data.family_income',
        message: specText('financial.groups.insured_1.validation.family_income.required.message'),
      },
      {
        field: 'owner_financial_data.spouse_insurance_amount',
        message: specText('financial.groups.insured_1.validation.spouse_insurance_amount.required.message'),
      },
    ]);
  });
});

describe('financial net worth', () => {
  it('is assets minus liabilities when both are numbers', () => {
    const data = example(STEP, 'employed-insured');
    Object.assign(part(data, 'insured_1'), { total_assets: 300000.5, total_liabilities: 420000.25, net_worth: null });
    const v = view(data);
    expect((v.values.insured_1 as JsonObject).net_worth).toBe(-119999.75);
    expect(v.computed['insured_1.net_worth']).toBe(-119999.75);
  });

  it('is not recalculated while one side is missing', () => {
    const data = example(STEP, 'employed-insured');
    part(data, 'insured_1').total_liabilities = null;
    const v = view(data);
    expect((v.values.insured_1 as JsonObject).net_worth).toBe(552500);
    expect(v.computed).toEqual({});
  });

  it('is computed for insured 2 and the owner too', () => {
    const data = example(STEP, 'corporate-owner');
    Object.assign(part(data, 'owner_financial_data'), { total_assets: 100, total_liabilities: 40 });
    data['proposed-insured'] = { number_of_insureds: 2 };
    record(data).insured_2 = { ...employedOwner };
    const v = view(data);
    expect((v.values.owner_financial_data as JsonObject).net_worth).toBe(60);
    expect((v.values.insured_2 as JsonObject).net_worth).toBe(400000);
  });
});

describe('financial owner and corporate sections', () => {
  it.each(['insured_1', 'insured_2', 'joint_insureds'])('owner %s: no owner section', (ownership_type) => {
    const data = example(STEP, 'employed-insured');
    data.owner = { ownership_type };
    record(data).owner_financial_data = { ...employedOwner };
    const v = view(data);
    expect(v.hidden).toContain('owner_financial_data');
    expect(v.hidden).toContain('corporate_data');
    expect(v.values.owner_financial_data).toBeUndefined();
    expect(v.errors).toEqual([]);
  });

  it('a different individual owner needs owner assets, liabilities and income', () => {
    const data = example(STEP, 'employed-insured');
    data.owner = { ownership_type: 'other_individual' };
    expect(view(data).hidden).not.toContain('owner_financial_data');
    expect(view(data).hidden).toContain('corporate_data');
    expect(errorsOf(STEP, data)).toEqual([
      {
        field: 'owner_financial_data.is_gainfully_employed',
        message: 'Please answer whether Owner is gainfully employed',
      },
      {
        field: 'owner_financial_data.total_assets',
        message: specText('financial.groups.insured_1.validation.total_assets.required.message'),
      },
      {
        field: 'owner_financial_data.total_liabilities',
        message: specText('financial.groups.insured_1.validation.total_liabilities.required.message'),
      },
    ]);
    record(data).owner_financial_data = { ...employedOwner };
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('a corporate owner needs each business detail', () => {
    const data = example(STEP, 'corporate-owner');
    part(data, 'corporate_data').business_number = '';
    delete part(data, 'corporate_data').business_type;
    part(data, 'corporate_data').nature_of_business = null;
    part(data, 'corporate_data').fair_market_value = null;
    delete part(data, 'corporate_data').net_profit_last_year;
    part(data, 'corporate_data').business_ownership_percentage = null;
    expect(errorsOf(STEP, data)).toEqual([
      { field: 'corporate_data.business_number', message: ruleMessage('financial', 'corporate_data.business_number') },
      { field: 'corporate_data.business_type', message: ruleMessage('financial', 'corporate_data.business_type') },
      {
        field: 'corporate_data.nature_of_business',
        message: ruleMessage('financial', 'corporate_data.nature_of_business'),
      },
      {
        field: 'corporate_data.fair_market_value',
        message: ruleMessage('financial', 'corporate_data.fair_market_value'),
      },
      {
        field: 'corporate_data.net_profit_last_year',
        message: ruleMessage('financial', 'corporate_data.net_profit_last_year'),
      },
      {
        field: 'corporate_data.business_ownership_percentage',
        message: ruleMessage('financial', 'corporate_data.business_ownership_percentage'),
      },
    ]);
    Object.assign(part(data, 'corporate_data'), {
      business_number: '987654321',
      business_type: 'partnership',
      nature_of_business: 'Dental clinic',
      fair_market_value: 1500000,
      net_profit_last_year: -20000,
      business_ownership_percentage: 0,
    });
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('a missing corporate section for a corporate owner reports every required business detail', () => {
    const data = example(STEP, 'corporate-owner');
    delete record(data).corporate_data;
    expect(errorsOf(STEP, data).map((e) => e.field)).toEqual([
      'corporate_data.business_number',
      'corporate_data.business_type',
      'corporate_data.nature_of_business',
      'corporate_data.fair_market_value',
      'corporate_data.net_profit_last_year',
      'corporate_data.business_ownership_percentage',
    ]);
  });

  it('ownership percentage is limited to 0-100', () => {
    const data = example(STEP, 'corporate-owner');
    part(data, 'corporate_data').business_ownership_percentage = 120;
    expect(errorsOf(STEP, data)).toEqual([
      {
        field: 'corporate_data.business_ownership_percentage',
        message: specText('financial.corporate_data.business_ownership_percentage.errorMessage.minimum'),
      },
    ]);
    part(data, 'corporate_data').business_ownership_percentage = -1;
    expect(errorsOf(STEP, data)).toEqual([
      {
        field: 'corporate_data.business_ownership_percentage',
        message: specText('financial.corporate_data.business_ownership_percentage.errorMessage.minimum'),
      },
    ]);
    part(data, 'corporate_data').business_ownership_percentage = 100;
    expect(errorsOf(STEP, data)).toEqual([]);
  });

  it('the corporate section is hidden and cleared for a non-corporate owner', () => {
    const data = example(STEP, 'corporate-owner');
    data.owner = { ownership_type: 'other_individual' };
    const v = view(data);
    expect(v.hidden).toContain('corporate_data');
    expect(v.values.corporate_data).toBeUndefined();
    expect(v.hidden).not.toContain('owner_financial_data');
    expect(v.errors).toEqual([]);
  });
});
