import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const REGISTRY = /[\\/]@rjsf[\\/]core[\\/]lib[\\/]getDefaultRegistry\.js$/;
const LIST = /^\.\/components\/(fields|widgets|templates)\/index\.js$/;
const UTILS = /[\\/]@rjsf[\\/]utils[\\/]lib[\\/]/;
/**
 * @rjsf/utils' schema helpers no step can reach: choosing among oneOf/anyOf options and `dependencies` (the engine's
 * lintDefinitions refuses the three keywords in a step's schema), and `omitExtraData` with the path schema it builds
 * (a Form prop the renderer never sets). rjsf imports them statically; in the build each is a stub that throws.
 */
const UNREACHABLE = [
  'getClosestMatchingOption',
  'getFirstMatchingOption',
  'findSelectedOptionInXxxOf',
  'omitExtraData',
  'toPathSchema',
];
const STUB = /^\.\/(\w+)\.js$/;
/**
 * @rjsf/utils' merge of `allOf` (with @x0k/json-schema-merge, about 4 KB brotli): in the build, rjsf's imports of it
 * get renderer/rjsfBase/shallowAllOfMerge.ts, which runs the real one once a step that needs it has brought it
 * (renderer/allOfMerge.ts).
 */
const ALL_OF_MERGE = 'shallowAllOfMerge';
const STUB_ID = '\0insure:rjsf-unreachable/';

/**
 * Vite plugin: rjsf's default registry (the fields, widgets and templates its Form merges under ours) resolves to the
 * cut lists of renderer/rjsfBase/, for getDefaultRegistry only; and @rjsf/utils' helpers that no definition can reach
 * (UNREACHABLE) resolve, where rjsf imports them, to a module whose default export throws and whose other exports are
 * rjsf's own (omitExtraData's file also holds helpers the Form uses). What no definition can reach stays out of the
 * bundle; the merge of `allOf`, which one step reaches, comes with that step (ALL_OF_MERGE).
 */
export function rjsfBasePlugin(): Plugin {
  return {
    name: 'insure:rjsf-base',
    enforce: 'pre',
    async resolveId(id, importer) {
      if (!importer) return null;
      const list = REGISTRY.test(importer) ? LIST.exec(id)?.[1] : undefined;
      if (list) return fileURLToPath(new URL(`../renderer/rjsfBase/${list}.ts`, import.meta.url));
      const name = UTILS.test(importer) ? STUB.exec(id)?.[1] : undefined;
      if (name === ALL_OF_MERGE) return fileURLToPath(new URL(`../renderer/rjsfBase/${name}.ts`, import.meta.url));
      if (!name || !UNREACHABLE.includes(name)) return null;
      const real = await this.resolve(id, importer, { skipSelf: true });
      return real ? `${STUB_ID}${name}?${encodeURIComponent(real.id)}` : null;
    },
    load(id) {
      if (!id.startsWith(STUB_ID)) return null;
      const [name, real] = id.slice(STUB_ID.length).split('?');
      return [
        `export * from ${JSON.stringify(decodeURIComponent(real))};`,
        `export default function ${name}() {`,
        `  throw new Error(${JSON.stringify(`rjsf's ${name} is left out of the build: no step definition reaches it (scripts/rjsfBasePlugin.ts)`)});`,
        '}',
      ].join('\n');
    },
  };
}
