import { createHash } from 'node:crypto';

/**
 * The Content-Security-Policy sources that allow the inline scripts of a page as built, and nothing else: one
 * `'sha256-…'` per `<script>` without `src` (the page's head start, scripts/headStartPlugin.ts). A script changed
 * after the build no longer matches and does not run.
 * @param html - the page's HTML (dist/app/index.html)
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(match[1] ?? '') || !match[2]) continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[2], 'utf8').digest('base64')}'`);
  }
  return hashes;
}
