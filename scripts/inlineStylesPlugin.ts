/**
 * Vite plugin: the build's one style sheet (vite.config.ts builds the app's CSS as one file) written into index.html
 * as a `<style>`, and the file left out of the build. On a phone's HTTP/1.1 a style sheet is a request of its own, on
 * one of the six connections per host of the page's first round: inline, the step's code takes that connection
 * instead (docs/decisions/performance-styles-in-html.md). At the end of the body, not in the head: there the browser
 * asked for the entry 0.12 s later on a phone (its preload scanner reads the 44 KB of styles first); the app's code
 * runs once the whole page is parsed, so the styles are in before the app draws. The server's Content-Security-Policy
 * allows the style by its hash (api/http/inlineHashes.ts), read from the built index.html.
 */
import type { Plugin } from 'vite';

const LINK = /<link rel="stylesheet"[^>]*? href="\/([^"]+\.css)"[^>]*>\s*/g;

/** The plugin (build only; the development server injects styles as modules). */
export function inlineStylesPlugin(): Plugin {
  return {
    name: 'insure:inline-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const files = [...html.matchAll(LINK)].map((m) => m[1]);
        const styles = files.map((file) => {
          const asset = bundle[file];
          if (asset?.type !== 'asset') return '';
          return typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
        });
        // A sheet that says "</style" (in a string or a comment) would close the element early: such a build keeps its
        // links.
        if (!files.length || styles.some((css) => !css || /<\/style/i.test(css))) return html;
        for (const file of files) delete bundle[file];
        return html.replace(LINK, '').replace('</body>', `<style>${styles.join('\n')}</style>\n</body>`);
      },
    },
  };
}
