/** Going back to one insured: which saved answers would be lost (issue 11: insured 2 once). */
import { engine } from '../support/engine.ts';

const saved = {
  'proposed-insured': {
    number_of_insureds: 2,
    insured_1: { first_name: 'Olivia', last_name: 'Bennett' },
    insured_2: { first_name: 'Marcus', last_name: 'Bennett' },
  },
  beneficiary: {
    insured_1: {
      primary_beneficiaries: [{ full_name: 'Marcus Bennett', relationship: 'spouse', share_percentage: 100 }],
    },
    insured_2: {
      primary_beneficiaries: [{ full_name: 'Olivia Bennett', relationship: 'spouse', share_percentage: 100 }],
    },
  },
  medical: { insured_1: { has_physician: false }, insured_2: { has_physician: true } },
  financial: { insured_1: { total_assets: 10 } },
};

describe('lostAnswers', () => {
  it("names insured 2's saved answers in every step when the count drops to one, and only there", () => {
    const lost = engine.lostAnswers('proposed-insured', { ...saved['proposed-insured'], number_of_insureds: 1 }, saved);
    expect(lost.map((l) => l.step)).toEqual(['proposed-insured', 'beneficiary', 'medical']);
    const beneficiary = lost.find((l) => l.step === 'beneficiary');
    expect(beneficiary).toMatchObject({
      title: 'Beneficiary',
      fields: ['insured_2'],
      titles: ['Insured 2: Marcus Bennett'],
    });
    expect(lost.find((l) => l.step === 'medical')?.titles).toEqual(['Insured 2: Marcus Bennett']);
  });

  it('finds nothing to lose when the count stays at two or nothing of insured 2 was saved', () => {
    expect(engine.lostAnswers('proposed-insured', saved['proposed-insured'], saved)).toEqual([]);
    const one = {
      'proposed-insured': { number_of_insureds: 1, insured_1: { first_name: 'Olivia' } },
      medical: { insured_1: { has_physician: false } },
    };
    expect(engine.lostAnswers('proposed-insured', { number_of_insureds: 1 }, one)).toEqual([]);
  });
});
