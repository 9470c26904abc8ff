import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const REGISTRY = /[\\/]@rjsf[\\/]core[\\/]lib[\\/]getDefaultRegistry\.js$/;
const LIST = /^\.\/components\/(fields|widgets|templates)\/index\.js$/;

/**
 * Vite plugin: rjsf's default registry (the fields, widgets and templates its Form merges under ours) resolves to the
 * cut lists of renderer/rjsfBase/, for getDefaultRegistry only: what no definition can reach stays out of the bundle.
 */
export function rjsfBasePlugin(): Plugin {
  return {
    name: 'insure:rjsf-base',
    enforce: 'pre',
    resolveId(id, importer) {
      const list = importer && REGISTRY.test(importer) ? LIST.exec(id)?.[1] : undefined;
      return list ? fileURLToPath(new URL(`../renderer/rjsfBase/${list}.ts`, import.meta.url)) : null;
    },
  };
}
