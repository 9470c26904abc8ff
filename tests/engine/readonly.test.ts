import { engine, example } from '../support/engine.ts';

describe('readonly rules', () => {
  it("an insured owner's ID number and expiry are read-only; an individual owner's are not", () => {
    expect(engine.evaluateStep('owner', example('owner', 'insured-1')).readonly).toEqual([
      'primary_id_number',
      'primary_id_expiry',
    ]);
    expect(engine.evaluateStep('owner', example('owner', 'individual')).readonly).toEqual([]);
  });
});
