/**
 * The browser validates with checks precompiled at build time (scripts/stepModulesPlugin.ts); the server compiles the
 * same schemas with ajv at run time. They must judge every record alike, with the same errors and messages.
 */
import fc from 'fast-check';
import { flow, loaders } from 'virtual:steps';
import { describe, expect, it } from 'vitest';
import { ajvSchemaChecks } from '../../engine/ajvSchemaChecks.ts';
import { flowEntries } from '../../engine/assembleDefinitions.ts';
import { conditionKey } from '../../engine/conditionKey.ts';
import { conditionSchemas } from '../../engine/conditionSchemas.ts';
import type { SchemaCheck } from '../../engine/types.ts';
import { arbitraryFromSchema, junk } from '../support/arbitraryFromSchema.ts';
import { definitions } from '../support/engine.ts';

const runtime = ajvSchemaChecks();
const ids = flowEntries(flow).map((s) => s.id);

/** What a check says of a value: valid or not, and each error's place, keyword and message. */
function verdict(check: SchemaCheck, value: unknown): unknown {
  const valid = check(value);
  return { valid, errors: (check.errors ?? []).map((e) => [e.instancePath, e.keyword, e.message]) };
}

describe('precompiled step checks', () => {
  it('exist for every step and form of flow.json', () => {
    expect(Object.keys(loaders).sort()).toEqual([...ids].sort());
    expect(ids.sort()).toEqual(Object.keys(definitions.steps).sort());
  });

  // The rules' notes for staff (`description`) and the editor's `$schema` are left out of the browser's copy.
  const withoutNotes = (rules: unknown): unknown =>
    JSON.parse(JSON.stringify(rules), (key, value: unknown) =>
      key === 'description' || key === '$schema' ? undefined : value,
    );

  it.each(ids)('%s: ships the definition as written and a check for each `if` condition', async (stepId) => {
    const mod = await loaders[stepId]();
    const def = definitions.steps[stepId];
    expect(mod.schema).toEqual(def.schema);
    expect(mod.ui).toEqual(def.ui);
    expect(mod.rules).toEqual(withoutNotes(def.rules));
    expect(JSON.stringify(mod.rules)).not.toContain('"description"');
    expect(Object.keys(mod.conditions).sort()).toEqual([...conditionSchemas(def.schema).keys()].sort());
  });

  it.each(ids)('%s: judges the examples and random records as ajv does at run time', async (stepId) => {
    const mod = await loaders[stepId]();
    const schema = definitions.steps[stepId].schema;
    const compiled = runtime.record(stepId, schema);
    for (const example of Object.values(definitions.steps[stepId].examples)) {
      const record = example.data[stepId];
      expect(verdict(mod.record, record)).toEqual(verdict(compiled, record));
    }
    fc.assert(
      fc.property(
        fc.oneof({ arbitrary: arbitraryFromSchema(schema), weight: 6 }, { arbitrary: junk, weight: 1 }),
        (record) => {
          expect(verdict(mod.record, record)).toEqual(verdict(compiled, record));
        },
      ),
      { numRuns: 60 },
    );
  });

  it("answers the plan step's conditions as ajv does", async () => {
    const mod = await loaders['plan-details']();
    const conditions = [...conditionSchemas(definitions.steps['plan-details'].schema).values()];
    expect(conditions.length).toBeGreaterThan(0);
    for (const condition of conditions) {
      const key = conditionKey(condition);
      for (const value of [
        { product_type: 'term_life' },
        { product_type: 'whole_life' },
        { product_type: 'universal_life' },
        {},
        { product_type: null },
      ]) {
        expect(mod.conditions[key](value)).toBe(runtime.condition('plan-details', key, condition)(value));
      }
    }
  });
});
