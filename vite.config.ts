import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { chunkGroups } from './scripts/chunkGroups.ts';
import { rjsfBasePlugin } from './scripts/rjsfBasePlugin.ts';
import { precompressPlugin } from './scripts/precompressPlugin.ts';
import { stepModulesPlugin } from './scripts/stepModulesPlugin.ts';
import { messagesPlugin } from './scripts/messagesPlugin.ts';
import { headStartPlugin } from './scripts/headStartPlugin.ts';
import { compileHintsPlugin } from './scripts/compileHintsPlugin.ts';
import { inlineStylesPlugin } from './scripts/inlineStylesPlugin.ts';
import { fileURLToPath } from 'node:url';

/** @rjsf/utils' fast-uri, and only its (ajv's own use of fast-uri is left alone): see renderer/platformUri.ts. */
function rjsfUriOnPlatformUrl(): Plugin {
  const shim = fileURLToPath(new URL('./renderer/platformUri.ts', import.meta.url));
  return {
    name: 'rjsf-uri-on-platform-url',
    enforce: 'pre',
    resolveId: (id, importer) => (id === 'fast-uri' && importer?.includes('/@rjsf/utils/') ? shim : null),
  };
}

/**
 * @rjsf/utils' deepEquals without fast-equals (about 3 KB brotli of the wizard): see renderer/rjsfDeepEquals.ts. Only
 * rjsf's own module is replaced; its callers import it as they did.
 */
function rjsfDeepEqualsWithoutFastEquals(): Plugin {
  const shim = fileURLToPath(new URL('./renderer/rjsfDeepEquals.ts', import.meta.url));
  return {
    name: 'rjsf-deep-equals',
    enforce: 'pre',
    resolveId: (id, importer) =>
      /(^|\/)deepEquals\.js$/.test(id) && importer?.includes('/@rjsf/utils/lib/') ? shim : null,
  };
}

/**
 * @rjsf/utils' getDecimalSeparator answering from a cache (renderer/rjsfDecimalSeparator.ts): rjsf's builds an
 * Intl.NumberFormat per call, on every render of a number field. Only rjsf's own module is replaced.
 */
function rjsfCachedDecimalSeparator(): Plugin {
  const shim = fileURLToPath(new URL('./renderer/rjsfDecimalSeparator.ts', import.meta.url));
  return {
    name: 'rjsf-decimal-separator',
    enforce: 'pre',
    resolveId: (id, importer) =>
      /(^|\/)getDecimalSeparator\.js$/.test(id) && importer?.includes('/@rjsf/utils/lib/') ? shim : null,
  };
}

/**
 * wouter's useSyncExternalStore is React's own: wouter imports it through the use-sync-external-store shim (for React
 * 16 and 17), a CommonJS module and its interop in the build for a function React 19 has.
 */
function wouterBuiltinStore(): Plugin {
  const id = '\0wouter-use-sync-external-store';
  return {
    name: 'wouter-builtin-store',
    enforce: 'pre',
    resolveId: (source, importer) =>
      source === 'use-sync-external-store/shim/index.js' && /[\\/]wouter[\\/]/.test(importer ?? '') ? id : null,
    load: (source) => (source === id ? "export { useSyncExternalStore } from 'react';" : null),
  };
}

/**
 * Lingui's runtime as the app ships it: its paragraph on a missing locale said in a line (a language is active before
 * the first text), and no warning when a message is a string: the build writes a message that is one text as that
 * text (scripts/messagesPlugin.ts), which Lingui returns as it is. 0.16 KB brotli on every page, and the catalogues'
 * brackets. A Lingui whose texts differ is left as it is.
 */
function linguiShortWarnings(): Plugin {
  return {
    name: 'lingui-short-warnings',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]@lingui[\\/]core[\\/]dist[\\/]index\.mjs$/.test(id)) return null;
      const short = code
        .replace(/console\.warn\(`Uncompiled message detected![^`]*`\)/, 'void 0')
        .replace(
          /"Lingui: Attempted to call a translation function without setting a locale\.[^"]*"/,
          '"Lingui: no locale active"',
        );
      return short === code ? null : { code: short, map: null };
    },
  };
}

const chunks = chunkGroups();

const api = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  root: 'app',
  publicDir: false,
  plugins: [
    react(),
    // A step whose schema says `allOf` brings rjsf's merge of it (scripts/rjsfBasePlugin.ts): no other step loads it.
    stepModulesPlugin(undefined, {
      keywordModules: { allOf: fileURLToPath(new URL('./renderer/allOfMerge.ts', import.meta.url)) },
    }),
    messagesPlugin(undefined, { shortIds: true }),
    rjsfUriOnPlatformUrl(),
    rjsfDeepEqualsWithoutFastEquals(),
    rjsfCachedDecimalSeparator(),
    wouterBuiltinStore(),
    linguiShortWarnings(),
    rjsfBasePlugin(),
    headStartPlugin(),
    compileHintsPlugin(['index', 'wizard']),
    inlineStylesPlugin(),
    precompressPlugin(),
    chunks.plugin,
  ],
  // rjsf's markdown descriptions are never enabled by our definitions; see renderer/plainMarkdown.tsx.
  resolve: {
    alias: [
      {
        find: 'markdown-to-jsx/react',
        replacement: fileURLToPath(new URL('./renderer/plainMarkdown.tsx', import.meta.url)),
      },
    ],
  },
  // `npm run dev` (scripts/dev.mjs) runs the API on API_PORT (3000) and this server on WEB_PORT (5173).
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    strictPort: true,
    proxy: Object.fromEntries(['/api', '/insurance', '/applications', '/clients', '/pdf'].map((path) => [path, api])),
  },
  build: {
    outDir: '../dist/app',
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json: the server reads it once to name in index.html the files each route loads first
    // (api/http/pageHints.ts).
    manifest: true,
    // Every browser the app supports preloads modules itself (<link rel="modulepreload">: Chromium 66, Safari 17,
    // Firefox 115): Vite's polyfill for older ones was 0.4 KB brotli of the entry on every page.
    modulePreload: { polyfill: false },
    // One style sheet for every page (44 KB, 7.6 KB brotli), written into index.html (scripts/inlineStylesPlugin.ts):
    // a page's own sheet was a request of its own, on one of a phone's six connections of the first round.
    cssCodeSplit: false,
    rolldownOptions: {
      output: { codeSplitting: { groups: chunks.groups } },
      // engine/ is pure (no module runs anything when loaded), so a page that imports engine/index.ts for one
      // function gets that function, not every engine module and what they import (ajv's compiler).
      treeshake: { moduleSideEffects: (id: string) => (/[\\/]engine[\\/][^\\/]+\.ts$/.test(id) ? false : undefined) },
    },
  },
});
