import type { IndexHtmlTransformContext, IndexHtmlTransformHook } from 'vite';
import type { OutputAsset, OutputBundle } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { inlineStylesPlugin } from '../../scripts/inlineStylesPlugin.ts';

const HTML =
  '<!doctype html><html><head><title>Insure</title>' +
  '<script type="module" crossorigin src="/assets/index-Ab1.js"></script>\n' +
  '<link rel="stylesheet" crossorigin href="/assets/index-Cs1.css">\n' +
  '</head><body><div id="root"></div></body></html>';

const asset = (fileName: string, source: string | Uint8Array): OutputAsset =>
  ({ type: 'asset', fileName, source, names: [], originalFileNames: [] }) as unknown as OutputAsset;

/** Runs the plugin's index.html hook as Vite's build does, after the bundle is written into the page. */
function transform(html: string, bundle: OutputBundle): string {
  const hook = inlineStylesPlugin().transformIndexHtml as { handler: IndexHtmlTransformHook };
  const context = { path: '/index.html', filename: 'index.html', bundle } as unknown as IndexHtmlTransformContext;
  return hook.handler.call({} as never, html, context) as string;
}

describe("the app's style sheet written into its page (issue 32)", () => {
  it('replaces the link by the sheet at the end of the body, and leaves the file out of the build', () => {
    const bundle = { 'assets/index-Cs1.css': asset('assets/index-Cs1.css', 'body{color:red}') } as OutputBundle;
    const page = transform(HTML, bundle);
    expect(page).not.toContain('<link rel="stylesheet"');
    expect(page).toContain('<div id="root"></div><style>body{color:red}</style>\n</body>');
    // The entry's script stays first in the head, where the browser's preload scanner finds it at once.
    expect(page.indexOf('/assets/index-Ab1.js')).toBeLessThan(page.indexOf('<style>'));
    expect(bundle['assets/index-Cs1.css']).toBeUndefined();
  });

  it('reads a sheet the bundle holds as bytes', () => {
    const bytes = new TextEncoder().encode('p{margin:0}');
    const page = transform(HTML, { 'assets/index-Cs1.css': asset('assets/index-Cs1.css', bytes) } as OutputBundle);
    expect(page).toContain('<style>p{margin:0}</style>');
  });

  it('keeps the link (and the file) when the sheet would close its element early, or is not in the bundle', () => {
    const closing = { 'assets/index-Cs1.css': asset('assets/index-Cs1.css', 'a::after{content:"</style>"}') };
    expect(transform(HTML, closing as OutputBundle)).toBe(HTML);
    expect(closing['assets/index-Cs1.css']).toBeDefined();
    expect(transform(HTML, {} as OutputBundle)).toBe(HTML);
  });
});
