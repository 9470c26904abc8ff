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
/**
 * What a French page loads before it can draw, which only the entry's code would otherwise ask for once it has run (a
 * round trip later, 0.6 s on a phone's network): the app's French texts (app/i18n/language.ts), and for a step the
 * French flow its wizard starts from (the steps' titles).
 */
const FRENCH_TEXTS = '../virtual:messages/fr';
const FRENCH_FLOW = '../virtual:steps/fr';

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
   * @returns - the key of the HTML for that route (one per page, step and language), and whether the route's HTML
   *   differs by language (for a step, or once the build has French texts: then for every route)
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
 * and for a French page the French texts (and a step's French flow),
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

  // A key lists the modules to name, separated by spaces; one named at low priority starts with LOW.
  const LOW = '~';
  const links = (modules: string[]): string => {
    const keys = new Map<string, boolean>();
    for (const module of modules) {
      const into = new Set<string>();
      closure(module.replace(LOW, ''), into);
      for (const key of into) if (!keys.has(key)) keys.set(key, module.startsWith(LOW));
    }
    const chunks = [...keys].map(([key, low]) => ({ ...manifest[key], low }));
    const scripts = chunks.map(
      (c) => `<link rel="modulepreload"${c.low ? ' fetchpriority="low"' : ''} crossorigin href="/${c.file}">`,
    );
    const styles = [...new Set(chunks.flatMap((c) => c.css ?? []))]
      .filter((file) => !html.includes(`/${file}"`))
      .map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`);
    return [...scripts, ...styles].join('');
  };

  const bodies = new Map<string, PageBody>();
  return {
    keyOf(pathname, language) {
      const page = PAGES.find((p) => p.pattern.test(pathname));
      // Every page's HTML depends on the language once the build has French texts, whichever language asked.
      const speaksFrench = Boolean(manifest[FRENCH_TEXTS]);
      const french = language === 'fr' && speaksFrench ? [FRENCH_TEXTS] : [];
      if (!page) return { key: french.join(' '), byLanguage: speaksFrench };
      const mark = page.low ? LOW : '';
      const step = page.module === 'pages/ScreeningPage.tsx' ? STEP.exec(pathname)?.[1] : undefined;
      // An unknown step (or one written oddly) gets the page's code only: the app says "Invalid step".
      const module = step && manifest[stepModule(step, language)] ? stepModule(step, language) : '';
      // The French flow (3 KB) at the entry's priority: at low, it came in after the wizard, which waits for it.
      const flow = module && french.length && manifest[FRENCH_FLOW] ? [FRENCH_FLOW] : [];
      const modules = [mark + page.module, ...(module ? [mark + module] : []), ...flow, ...french];
      return { key: modules.join(' '), byLanguage: Boolean(module) || speaksFrench };
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
