import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** One chunk of Vite's build manifest (dist/app/.vite/manifest.json), the fields read here. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The pages worth a head start, by the route patterns of app/App.tsx, and the module each draws (its key in the
 * manifest: the path under app/). A page not listed gets index.html as built: its entry still starts the page's code.
 */
const PAGES: { pattern: RegExp; module: string; low?: true }[] = [
  { pattern: /^\/$/, module: 'pages/LoginPage.tsx' },
  { pattern: /^\/dashboard\/?$/, module: 'pages/DashboardPage.tsx' },
  { pattern: /^\/client\/[^/]+\/screening\/prompt\/?$/, module: 'pages/ScreeningPromptPage.tsx' },
  // A step's own files (the wizard and the definition, 75 KB brotli beside the entry's 92) are fetched at low
  // priority: at the same priority they shared the phone's bandwidth with the entry to the end, and React, which runs
  // before any of them is needed, started only once everything had arrived. Measured in
  // docs/decisions/performance-step-hints-low-priority.md; the dashboard's small files lost 0.1 s at low priority.
  { pattern: /^\/client\/[^/]+\/screening\/[^/]+\/?$/, module: 'pages/ScreeningPage.tsx', low: true },
];
/** A step's definition module (scripts/stepModulesPlugin.ts), per language of the wizard. */
const stepModule = (step: string, language: 'en' | 'fr'): string =>
  `../virtual:steps/${language === 'fr' ? 'fr/' : ''}${step}`;
const STEP = /^\/client\/[^/]+\/screening\/([\w-]+)\/?$/;

/** The page's HTML in each encoding the build serves, with its ETag (weak: one per encoding, as @fastify/static's). */
export interface PageBody {
  body: Buffer;
  etag: string;
  encoding?: 'br' | 'gzip';
}

/** What the server sends for an app route: index.html naming the files that route loads first. */
export interface PageHints {
  /**
   * @param pathname - the request's path, without its query
   * @param language - the language the page will be drawn in (the wizard's step definitions exist per language)
   * @returns - the key of the HTML for that route (one per page, step and language), and whether the language chose it
   */
  keyOf(pathname: string, language: 'en' | 'fr'): { key: string; byLanguage: boolean };
  /** The HTML of a key (from keyOf) in an encoding; computed once per key and encoding. */
  bodyOf(key: string, encoding: 'br' | 'gzip' | 'identity'): PageBody;
}

const etagOf = (body: Buffer, encoding: string): string =>
  `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}-${encoding}"`;

/**
 * Reads Vite's manifest once and answers, per app route, the index.html that names the page's own code, the wizard
 * and a step's definition as `<link rel="modulepreload">` (their style sheets as `<link rel="preload" as="style">`),
 * so the browser downloads them with the entry instead of after it (a round trip each on a phone's network). The
 * links carry `crossorigin` as Vite's own in index.html and its preload helper do: the browser then reuses them.
 * @param appDir - the built app (index.html and .vite/manifest.json)
 * @returns - null when the build has no manifest (index.html is then sent as built)
 */
export function loadPageHints(appDir: string): PageHints | null {
  const manifestPath = join(appDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const html = readFileSync(join(appDir, 'index.html'), 'utf8');
  // What index.html already loads: the entry with its static imports (Vite writes their links itself).
  const loaded = new Set<string>();
  const closure = (key: string, into: Set<string>): void => {
    if (into.has(key) || loaded.has(key) || !manifest[key]) return;
    into.add(key);
    for (const next of manifest[key].imports ?? []) closure(next, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, loaded);

  const links = (modules: string[]): string => {
    const keys = new Set<string>();
    for (const module of modules) closure(module, keys);
    const chunks = [...keys].map((key) => manifest[key]);
    const priority = PAGES.some((p) => p.low && p.module === modules[0]) ? ' fetchpriority="low"' : '';
    const scripts = chunks.map((c) => `<link rel="modulepreload"${priority} crossorigin href="/${c.file}">`);
    const styles = [...new Set(chunks.flatMap((c) => c.css ?? []))]
      .filter((file) => !html.includes(`/${file}"`))
      .map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`);
    return [...scripts, ...styles].join('');
  };

  const bodies = new Map<string, PageBody>();
  return {
    keyOf(pathname, language) {
      const page = PAGES.find((p) => p.pattern.test(pathname));
      if (!page) return { key: '', byLanguage: false };
      const step = page.module === 'pages/ScreeningPage.tsx' ? STEP.exec(pathname)?.[1] : undefined;
      // An unknown step (or one written oddly) gets the page's code only: the app says "Invalid step".
      const module = step && manifest[stepModule(step, language)] ? stepModule(step, language) : '';
      return { key: module ? `${page.module} ${module}` : page.module, byLanguage: Boolean(module) };
    },
    bodyOf(key, encoding) {
      const id = `${key}\n${encoding}`;
      const known = bodies.get(id);
      if (known) return known;
      const hinted = key ? html.replace('</head>', `${links(key.split(' '))}</head>`) : html;
      const plain = Buffer.from(hinted);
      const body =
        encoding === 'br'
          ? brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
          : encoding === 'gzip'
            ? gzipSync(plain, { level: 9 })
            : plain;
      const answer = { body, etag: etagOf(body, encoding), ...(encoding === 'identity' ? {} : { encoding }) };
      bodies.set(id, answer);
      return answer;
    },
  };
}
