import { fieldAt, getPath, setPath } from '../../engine/index.ts';
import type { ApplicationData, JsonObject } from '../../engine/index.ts';
import { definitions, engine } from '../support/engine.ts';

/** A real postal code of each province and territory (Canada Post's first letters: K, L, M, N, P for Ontario…). */
const SAMPLE: Record<string, string> = {
  AB: 'T5J 0N3',
  BC: 'V6B 1A1',
  MB: 'R3C 0V8',
  NB: 'E1C 4M3',
  NL: 'A1C 5M2',
  NS: 'B3H 1A1',
  NT: 'X1A 2L9',
  NU: 'X0A 0H0',
  ON: 'K1A 0B1',
  PE: 'C1A 4P3',
  QC: 'H3A 1H6',
  SK: 'S4P 3Y2',
  YT: 'Y1A 2C6',
};
const provinces = (definitions.flow.lists?.provinces ?? []) as { id: string; name: string }[];

/** Every answered field an example shows with the postal code widget: its step, example data and path. */
function postalFields(): { stepId: string; data: ApplicationData; path: string[] }[] {
  const out: { stepId: string; data: ApplicationData; path: string[] }[] = [];
  const seen = new Set<string>();
  for (const [stepId, step] of Object.entries(definitions.steps)) {
    for (const ex of Object.values(step.examples)) {
      const walk = (value: unknown, path: string[]): void => {
        if (value && typeof value === 'object' && !Array.isArray(value))
          for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
        if (typeof value !== 'string') return;
        const field = fieldAt(step.schema, step.ui, path);
        const key = `${stepId}.${path.join('.')}`;
        if (field?.ui['ui:widget'] !== 'postalCode' || seen.has(key)) return;
        seen.add(key);
        out.push({ stepId, data: structuredClone(ex.data), path });
      };
      walk(ex.data[stepId], []);
    }
  }
  return out;
}

const fields = postalFields();

describe('postal codes', () => {
  it('finds every postal code field the issue names: insureds, their employers, owners, businesses, correspondence', () => {
    const names = fields.map((f) => `${f.stepId}.${f.path.join('.')}`);
    for (const expected of [
      'proposed-insured.insured_1.postal_code',
      'proposed-insured.insured_1.employer_postal_code',
      'owner.postal_code',
      'owner.employer_postal_code',
      'owner.individual_2_postal_code',
      'owner.individual_2_employer_postal_code',
      'owner.business_postal_code',
      'owner.correspondence_postal_code',
    ])
      expect(names).toContain(expected);
  });

  it.each(fields.map((f) => [`${f.stepId}.${f.path.join('.')}`, f] as const))(
    '%s matches its province, with a message naming the province',
    (_name, { stepId, data, path }) => {
      const provincePath = [...path.slice(0, -1), path[path.length - 1].replace(/postal_code$/, 'province')];
      const errorsFor = (province: string, code: string) => {
        let record = setPath(data[stepId] as JsonObject, provincePath, province);
        record = setPath(record, path, code);
        return engine
          .evaluateStep(stepId, { ...data, [stepId]: record })
          .errors.filter((e) => e.field === path.join('.'));
      };
      expect(getPath(data[stepId], provincePath), 'the address has a province').toBeDefined();
      for (const { id, name } of provinces) {
        expect(errorsFor(id, SAMPLE[id]), `${id} ${SAMPLE[id]}`).toEqual([]);
        expect(errorsFor(id, SAMPLE[id].toLowerCase().replace(' ', '')), `${id} lower case`).toEqual([]);
        const elsewhere = id === 'ON' ? SAMPLE.QC : SAMPLE.ON;
        const errors = errorsFor(id, elsewhere);
        expect(errors, `${id} ${elsewhere}`).toHaveLength(1);
        expect(errors[0].message).toContain(name);
      }
      // Northwest Territories and Nunavut share X: the next characters tell them apart.
      expect(errorsFor('NU', SAMPLE.NT)).toHaveLength(1);
    },
  );

  it.each(fields.map((f) => [`${f.stepId}.${f.path.join('.')}`, f] as const))(
    '%s refuses letters no postal code has: D, F, I, O, Q, U anywhere, W and Z first',
    (_name, { stepId, data, path }) => {
      for (const code of ['Z9Z 9Z9', 'W1A 1A1', 'D1A 1A1', 'K1O 1A1', 'K1A 1U1', 'Q1A 1A1', 'H0H 0I0']) {
        const record = setPath(data[stepId] as JsonObject, path, code);
        const errors = engine
          .evaluateStep(stepId, { ...data, [stepId]: record })
          .errors.filter((e) => e.field === path.join('.'));
        expect(errors, code).toHaveLength(1);
        const schema = fieldAt(definitions.steps[stepId].schema, definitions.steps[stepId].ui, path)?.schema;
        expect(errors[0].message, code).toBe((schema?.errorMessage as { pattern: string }).pattern);
      }
    },
  );
});
