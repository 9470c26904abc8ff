import jsonLogic from 'json-logic-js';
import { compileLogic } from '../../engine/compileLogic.ts';
import { applyLogic } from '../../engine/effects.ts';
import { registerOperations } from '../../engine/operations.ts';

// A file of its own: registering is global to json-logic-js, and the other engine tests register first.
describe('our operations before registerOperations', () => {
  it('are unknown to the compiled logic as they are to json-logic-js, and known once registered', () => {
    const logic = { isBlank: [{ var: 'a' }] };
    expect(() => jsonLogic.apply(logic, {})).toThrow(/Unrecognized operation isBlank/);
    expect(() => compileLogic(logic)({})).toThrow(/Unrecognized operation isBlank/);
    expect(applyLogic(logic, {})).toBeNull();
    registerOperations();
    // The same logic object, compiled before, now calls the operation.
    expect(applyLogic(logic, {})).toBe(true);
    expect(applyLogic(logic, { a: 'x' })).toBe(false);
  });
});
