/**
 * Vite plugin: app/headStart.ts, bundled on its own and minified, written into index.html as an inline script, so the
 * opened page's API requests start while the HTML is still arriving rather than once the app's entry has downloaded
 * and run (docs/decisions/performance-head-start-in-html.md). The server's Content-Security-Policy allows this one
 * script by its hash (api/http/inlineHashes.ts), read from the built index.html.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import type { Plugin } from 'vite';

const ENTRY = fileURLToPath(new URL('../app/headStart.ts', import.meta.url));

/** The script's code: one function scope, nothing global but what app/api/headStarts.ts shares on purpose. */
async function headStartCode(entry: string): Promise<string> {
  const { output } = await build({
    input: entry,
    write: false,
    logLevel: 'warn',
    output: { format: 'iife', minify: true, comments: false },
  });
  // Inside a <script> element the code must not close it early.
  return output[0].code.trim().replaceAll('</', '<\\/');
}

/** @param entry - the script's module (default: app/headStart.ts) */
export function headStartPlugin(entry = ENTRY): Plugin {
  let built: Promise<string> | undefined;
  return {
    name: 'insure:head-start',
    // In development the script is bundled again on each page (its modules may have changed); a build bundles it once.
    configureServer: () => () => {
      built = undefined;
    },
    async transformIndexHtml(_html, context) {
      const code = context.server ? await headStartCode(entry) : await (built ??= headStartCode(entry));
      return [{ tag: 'script', children: code, injectTo: 'head-prepend' }];
    },
  };
}
