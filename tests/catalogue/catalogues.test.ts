import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkFormsDir } from '../../api/pdf/checkFormsDir.ts';
import type { ApplicationData, DefinitionProblem, JsonObject } from '../../engine/index.ts';
import { definitions, engine, errorsOf } from '../support/engine.ts';
import { specText } from '../support/specText.ts';

const format = (p: DefinitionProblem): string => `${p.file} ${p.path || '/'}: ${p.message}`;
const INSURERS = ['BMO', 'MANULIFE', 'SUNLIFE', 'BENEVA', 'CANADA_LIFE'];
const plans = definitions.flow.lists!.plans as (JsonObject & { id: string; insurer: string })[];

function withPlans(single: JsonObject[], owner = 'insured_1'): ApplicationData {
  return {
    'proposed-insured': { number_of_insureds: 1 },
    'plan-details': { illustration_status: 'attached', policy_date_type: 'current_date', single_life_options: single },
    owner: { owner_type: owner, ownership_type: owner },
  };
}
const plan = (plan_name: string, product_type: string): JsonObject => ({
  product_type,
  plan_name,
  proposed_insured_1: true,
  face_amount: 500000,
});

describe('the insurers’ catalogues are the plan list', () => {
  it('reads every insurer’s catalogue, each plan with its insurer and product', () => {
    for (const insurer of INSURERS) expect(plans.filter((p) => p.insurer === insurer).length).toBeGreaterThan(2);
    expect(plans.find((p) => p.id === 'manulife_par_20_pay')).toMatchObject({
      insurer: 'MANULIFE',
      insurer_name: 'Manulife',
      product_label: 'Manulife Par',
      product_type: 'whole_life',
      requires: { illustration: true, tax_step: true },
    });
    // The spec's BMO list stays BMO's, with its ids and codes.
    expect(plans.find((p) => p.id === 'term_20')).toMatchObject({
      insurer: 'BMO',
      name: 'Term 20',
      product_code: 't20',
    });
    expect(new Set(plans.map((p) => p.id)).size).toBe(plans.length);
  });

  it('refuses a plan of another product type than the row’s', () => {
    const data = withPlans([plan('sunterm_20', 'whole_life')]);
    expect(errorsOf('plan-details', data).map((e) => e.message)).toContain(
      specText('plan-details.plan_name.errorMessage.maxLength'),
    );
    expect(errorsOf('plan-details', withPlans([plan('sunterm_20', 'term_life')]))).toEqual([]);
  });

  it('shows the tax step when a chosen plan’s catalogue entry requires it, whatever its insurer', () => {
    expect(engine.stepApplies('tax-information', withPlans([plan('wealth_achiever_20_pay', 'whole_life')]))).toBe(true);
    expect(engine.stepApplies('tax-information', withPlans([plan('beneva_term_10', 'term_life')]))).toBe(false);
    expect(engine.stepApplies('tax-information', withPlans([plan('beneva_term_20', 'term_life')]))).toBe(true);
    expect(
      engine.stepApplies(
        'tax-information',
        withPlans([plan('beneva_term_10', 'term_life'), plan('sun_universal_life_level', 'universal_life')]),
      ),
    ).toBe(true);
  });

  it('asks for the signed illustration when a chosen plan requires one', () => {
    const hidden = (data: ApplicationData) => engine.evaluateStep('plan-details', data).hidden;
    expect(hidden(withPlans([plan('manulife_ul_level_coi', 'universal_life')]))).not.toContain('illustration_note');
    expect(hidden(withPlans([plan('manulife_vitality_term_10', 'term_life')]))).toContain('illustration_note');
  });
});

describe('questions that name an insurer', () => {
  it('asks the existing policy number once per insurer applied to, worded for that insurer', () => {
    const data = withPlans([plan('manulife_par_20_pay', 'whole_life'), plan('sunterm_20', 'term_life')]);
    data['insurance-history'] = { insured_1: { has_existing_insurance: false } };
    const hidden = engine.evaluateStep('insurance-history', data).hidden;
    for (const shown of ['insured_1.manulife_policy_number', 'insured_1.sunlife_policy_number'])
      expect(hidden).not.toContain(shown);
    for (const other of ['bmo', 'beneva', 'canada_life']) expect(hidden).toContain(`insured_1.${other}_policy_number`);
    const titles = JSON.stringify(definitions.steps['insurance-history'].ui);
    expect(titles).toContain(specText('insurance-history.insurance_history_data.manulife_policy_number.title'));
    expect(titles).toContain(specText('insurance-history.insurance_history_data.bmo_policy_number.title'));
  });
});

describe('forms:check over the catalogues', () => {
  const broken = (edit: (catalogue: JsonObject) => void): Promise<string[]> => {
    const dir = mkdtempSync(join(tmpdir(), 'catalogues-'));
    const root = join(dir, 'forms');
    cpSync('forms', root, { recursive: true });
    cpSync('steps', join(dir, 'steps'), { recursive: true });
    const file = join(root, 'sunlife', 'catalogue.json');
    const catalogue = JSON.parse(readFileSync(file, 'utf8')) as JsonObject;
    edit(catalogue);
    writeFileSync(file, JSON.stringify(catalogue));
    return checkFormsDir(root, join(dir, 'steps'))
      .then((problems) => problems.map(format).map((line) => line.replace(root, 'forms')))
      .finally(() => rmSync(dir, { recursive: true, force: true }));
  };

  it('reports a plan without an insurer', async () => {
    const out = await broken((c) => delete c.insurer);
    expect(out).toContain(
      'forms/sunlife/catalogue.json /products/0/plans/0: plan "sun_par_protector_life_pay" has no insurer: add "insurer" to the catalogue (one of BMO, MANULIFE, SUNLIFE, BENEVA, CANADA_LIFE)',
    );
    expect(out).toContain(
      'forms/sunlife/catalogue.json /: SUNLIFE has no catalogue: the plan step cannot offer its plans',
    );
  });

  it('reports an unknown insurer, a plan of two insurers and an unknown coverage type', async () => {
    const out = await broken((c) => {
      const products = c.products as { plans: JsonObject[] }[];
      products[0].plans[0].id = 'term_20';
      products[0].plans[1].coverage_types = ['single', 'joint_first_to_last'];
    });
    expect(out.join('\n')).toContain('plan "term_20" is also in');
    expect(out.join('\n')).toContain('coverage type "joint_first_to_last" is not one of');
    const other = await broken((c) => (c.insurer = 'SUN_LIFE'));
    expect(other.join('\n')).toContain('insurer "SUN_LIFE" is not an insurer of populate_forms');
  });
});
