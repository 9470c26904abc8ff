import type { Plugin } from 'vite';

const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * A chunk's code with V8's explicit compile hint (Chromium 136+; a comment elsewhere): every function of the file is
 * compiled while it streams in, off the main thread, instead of on its first call on the main thread.
 * @returns - the code, hinted once
 */
export function compileHinted(code: string): string {
  return code.startsWith(COMPILE_HINT) ? code : `${COMPILE_HINT}\n${code}`;
}

/**
 * Vite plugin: the named chunks (the entry `index`, the `wizard`: scripts/chunkGroups.ts) carry V8's compile hint.
 * A step opened directly on a phone compiled about 1,100 functions of them lazily on the main thread before its form
 * could paint (about 0.3 s at CPU x4): docs/decisions/performance-compile-hints.md. Step modules are hinted by
 * scripts/stepModulesPlugin.ts.
 */
export function compileHintsPlugin(names: readonly string[]): Plugin {
  return {
    name: 'insure:compile-hints',
    apply: 'build',
    generateBundle: {
      // After Vite's own, which puts its preload list (__vite__mapDeps) first: the hint is the file's first line.
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && names.includes(chunk.name)) chunk.code = compileHinted(chunk.code);
        }
      },
    },
  };
}
