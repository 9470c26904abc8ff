import { createHash } from 'node:crypto';

/** The Content-Security-Policy sources of a page's inline scripts and styles. */
export interface InlineHashes {
  scripts: string[];
  styles: string[];
}

const sha256 = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The Content-Security-Policy sources that allow the inline scripts and styles of a page as built, and nothing else:
 * one `'sha256-…'` per `<script>` without `src` (the page's head start, scripts/headStartPlugin.ts) and per `<style>`
 * (the app's style sheet, scripts/inlineStylesPlugin.ts). One changed after the build no longer matches and is not
 * applied.
 * @param html - the page's HTML (dist/app/index.html)
 */
export function inlineHashes(html: string): InlineHashes {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(match[1] ?? '') || !match[2]) continue;
    scripts.push(sha256(match[2]));
  }
  const styles = [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi)].map((m) => sha256(m[1]));
  return { scripts, styles };
}
