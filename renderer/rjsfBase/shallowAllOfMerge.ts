/**
 * rjsf's merge of a schema's `allOf` (the build puts this module in place of @rjsf/utils' own; see
 * scripts/rjsfBasePlugin.ts), handed over by the module that holds the real one (renderer/allOfMerge.ts). Only a step
 * whose schema says `allOf` runs it, and that step's module imports the real merge (scripts/stepModulesPlugin.ts's
 * `keywordModules`), so @x0k/json-schema-merge (4 KB brotli) comes with that step instead of with every step's wizard.
 */
import type real from '@rjsf/utils/lib/schema/shallowAllOfMerge.js';

type Merge = typeof real;

let merge: Merge | undefined;

/** Hands rjsf the real merge (renderer/allOfMerge.ts, once its module is loaded). */
export function provideAllOfMerge(given: Merge): void {
  merge = given;
}

export default function shallowAllOfMerge(schema: Parameters<Merge>[0]): ReturnType<Merge> {
  // rjsf catches this and draws the schema without its `allOf`, warning in the console with this text: the one trace
  // of a step whose module did not bring the merge (tests/e2e/validation-and-drafts checks plan-details' choices).
  if (!merge) throw new Error("rjsf's allOf merge is not loaded: the step's module brings it (renderer/allOfMerge.ts)");
  return merge(schema);
}
