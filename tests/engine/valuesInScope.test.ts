import { definitions } from '../support/engine.ts';
import { finalStepOf, scopeData, valuesInScope, type ApplicationData, type JsonObject } from '../../engine/index.ts';

const FINAL = finalStepOf(definitions.flow);

function withPlans(single: string[], joint: string[] = []): ApplicationData {
  const row = (plan_name: string): JsonObject => ({ plan_name, face_amount: 500000 });
  return {
    'plan-details': {
      single_life_options: single.length ? single.map(row) : null,
      joint_plan_options: joint.length ? joint.map(row) : null,
    },
  };
}

describe('valuesInScope: the insurers an application has a plan of, from the payload scope (issue 26)', () => {
  it("names each plan's insurer once, single life and joint rows alike, in the rows' order", () => {
    const data = withPlans(['manulife_par_20_pay', 'estate_protector', 'manulife_ul_level_coi'], ['sunterm_20']);
    expect(valuesInScope(definitions, FINAL, 'payload', data)).toEqual(['MANULIFE', 'BMO', 'SUNLIFE']);
  });

  it('names none without a plan, and skips a plan no catalogue has', () => {
    expect(valuesInScope(definitions, FINAL, 'payload', {})).toEqual([]);
    expect(valuesInScope(definitions, FINAL, 'payload', withPlans(['no_such_plan']))).toEqual([]);
  });

  it('is null for a document not built per value', () => {
    expect(valuesInScope(definitions, FINAL, 'summary', withPlans(['estate_protector']))).toBeNull();
  });

  it('agrees with what the generation scopes: an insurer it names keeps its plans, one it does not is refused', () => {
    const data = withPlans(['manulife_par_20_pay', 'estate_protector']);
    const scope = definitions.steps[FINAL].documents!.payload.scope!;
    for (const insurer of ['BMO', 'MANULIFE', 'SUNLIFE', 'BENEVA', 'CANADA_LIFE']) {
      const offered = valuesInScope(definitions, FINAL, 'payload', data)!.includes(insurer);
      const scoped = (): unknown => scopeData(scope, data, definitions.flow.lists, insurer, insurer);
      if (offered) expect(scoped).not.toThrow();
      else expect(scoped).toThrow(scope.message.replace(/\{name\}/g, insurer));
    }
  });
});
