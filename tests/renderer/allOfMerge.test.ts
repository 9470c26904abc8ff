/**
 * rjsf's merge of `allOf` comes with the steps that say `allOf` (scripts/rjsfBasePlugin.ts, stepModulesPlugin's
 * `keywordModules`): the build's stand-in refuses to merge until the real merge is handed over, then merges as rjsf
 * does; and only a step module whose schema says the keyword imports the module named for it.
 */
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { stepModulesPlugin } from '../../scripts/stepModulesPlugin.ts';
import rjsfMerge from '@rjsf/utils/lib/schema/shallowAllOfMerge.js';
import shallowAllOfMerge from '../../renderer/rjsfBase/shallowAllOfMerge.ts';

/** plan-details' narrowing of a joint plan's coverage types, reduced to its merge. */
const NARROWED: RJSFSchema = {
  type: 'object',
  properties: { coverage_type: { enum: ['joint_first_to_die', 'joint', 'combined', null] } },
  allOf: [{ properties: { coverage_type: { enum: ['joint', 'combined', null] } } }],
};

describe("rjsf's merge of allOf, loaded with the steps that need it", () => {
  it('refuses to merge before the real merge is loaded, then merges as rjsf does', async () => {
    expect(() => shallowAllOfMerge(NARROWED)).toThrow(/renderer\/allOfMerge\.ts/);
    await import('../../renderer/allOfMerge.ts');
    const merged = shallowAllOfMerge(NARROWED) as { properties: { coverage_type: { enum: unknown[] } } };
    expect(merged).toEqual(rjsfMerge(NARROWED));
    expect(merged).not.toHaveProperty('allOf');
    expect([...merged.properties.coverage_type.enum].sort()).toEqual(['combined', 'joint']);
  });

  it("imports a keyword's module only from the step modules whose schema says the keyword", async () => {
    const plugin = stepModulesPlugin(undefined, { keywordModules: { allOf: '/app/merge.ts' } });
    const load = plugin.load as (this: unknown, id: string) => string | undefined;
    const planDetails = load.call({}, '\0virtual:steps/plan-details') ?? '';
    expect(planDetails.split('\n')[0]).toBe('import "/app/merge.ts";');
    expect(load.call({}, '\0virtual:steps/fr/plan-details')).toContain('import "/app/merge.ts";');
    expect(load.call({}, '\0virtual:steps/owner')).not.toContain('/app/merge.ts');
    // Without the option (the tests, Storybook), no step imports anything for its keywords.
    const plain = stepModulesPlugin().load as (this: unknown, id: string) => string | undefined;
    expect(plain.call({}, '\0virtual:steps/plan-details')).not.toContain('/app/merge.ts');
  });
});
