/** Names from the answers through the definitions' templates (issue 11: names everywhere). */
import { fillTemplate, firstTemplate, resolveNames } from '../../engine/resolveNames.ts';
import { engine } from '../support/engine.ts';
import { definitionValue } from '../support/specText.ts';

const two = {
  'proposed-insured': {
    number_of_insureds: 2,
    insured_1: { first_name: 'Olivia', last_name: 'Bennett' },
    insured_2: { first_name: 'Marcus', last_name: 'Bennett' },
  },
};

describe('resolveNames and templates', () => {
  it('joins the parts that are there, leaves out blank names, and lets a later name use an earlier one', () => {
    const names = resolveNames(
      { a: { join: [[{ var: 'x.first' }, { var: 'x.last' }]] }, b: { var: '$names.a' }, c: { var: 'x.none' } },
      { x: { first: ' Olivia ', last: 'Bennett' } },
      () => '',
    );
    expect(names).toEqual({ a: 'Olivia Bennett', b: 'Olivia Bennett' });
  });

  it('fills placeholders, and gives null while one has no name yet', () => {
    expect(fillTemplate('Owner: {insured_1}', { insured_1: 'Olivia Bennett' })).toBe('Owner: Olivia Bennett');
    expect(fillTemplate('Owner: {insured_2}', { insured_1: 'Olivia Bennett' })).toBeNull();
    expect(firstTemplate(['{client} – {product}', '{client}'], { client: 'Olivia Bennett' })).toBe('Olivia Bennett');
    expect(firstTemplate(['{client}'], {})).toBeNull();
  });
});

describe('the definitions name the client, the insureds, the owners and the product', () => {
  it('heads the wizard with the client and the product label', () => {
    expect(engine.title('wizard', { ...two, 'plan-details': { product_type: 'term_life' } })).toBe(
      'Olivia Bennett · Term Life',
    );
    expect(engine.title('wizard', two)).toBe('Olivia Bennett');
    expect(engine.title('wizard', {})).toBeNull();
  });

  it('names the client on the prompt', () => {
    expect(engine.title('prompt', two)).toBe('For Olivia Bennett');
  });

  it.each(['beneficiary', 'financial', 'insurance-history', 'medical'])('titles %s per insured by name', (step) => {
    const texts = engine.evaluateStep(step, two).texts;
    // The templates as the definitions word them: product staff may reword them.
    const template = (target: string) =>
      definitionValue(`${step}/rules.json`, `/texts/[target=${target}]/text`) as string;
    expect(texts.insured_1).toBe(fillTemplate(template('insured_1'), { insured_1: 'Olivia Bennett' }));
    expect(texts.insured_2).toBe(fillTemplate(template('insured_2'), { insured_2: 'Marcus Bennett' }));
  });

  it('keeps the generic title while an insured has no name, and never names insured 2 of a one-insured application', () => {
    const one = { 'proposed-insured': { ...two['proposed-insured'], number_of_insureds: 1 } };
    const template = definitionValue('lifestyle/rules.json', '/texts/[target=lifestyle_data_1]/text') as string;
    expect(engine.evaluateStep('lifestyle', one).texts).toEqual({
      lifestyle_data_1: fillTemplate(template, { insured_1: 'Olivia Bennett' }),
    });
    expect(engine.evaluateStep('medical', {}).texts).toEqual({});
  });

  it('names joint owners and their successors on multi-owner and tax information', () => {
    const data = { ...two, owner: { owner_type: 'joint_insureds' } };
    expect(engine.evaluateStep('multi-owner', data).texts).toMatchObject({
      owner1_successor: 'Successor Owner for Olivia Bennett',
      owner2_successor: 'Successor Owner for Marcus Bennett',
    });
    expect(engine.evaluateStep('tax-information', data).texts.owner2_sin).toBe(
      'Marcus Bennett - Social Insurance Number',
    );
    const entity = { owner: { owner_type: 'entity', legal_name: 'Bennett Holdings Inc.' } };
    expect(engine.names(entity).owner_1).toBe('Bennett Holdings Inc.');
    expect(
      engine.names({ 'multi-owner': { owner1_successor_first_name: 'Ava', owner1_successor_last_name: 'Chen' } })
        .successor_1,
    ).toBe('Ava Chen');
  });
});
