/**
 * UI benchmark (issues 4 and 32): figures only, no assertions, bounded in time (a watchdog stops it).
 *
 * Two versions side by side in one run: this tree's production build (dist/app, built with `npx vite build` when
 * missing; BENCH_BUILD=1 rebuilds it) and "before", an older commit's (bench/ui/appVersions.ts; BENCH_BEFORE=<ref>[,<ref>...],
 * or none). Each is served by its own tree's API server on a temporary SQLite data dir, and seeded through the API
 * with a client whose screening holds the owner example "individual-second-owner".
 *
 * A. As on a phone (bench/ui/phoneLoad.ts: 390 px, CPU slowed 4 times, DevTools' Slow 4G network, a fresh cache),
 *    for the login page, the dashboard and the owner step opened directly: the bytes that came over the wire
 *    (Chromium's network log), LCP and CLS (web-vitals), INP of a keystroke and of Next, and the bytes of a second
 *    visit (cached). Targets: login page <= 100 KB of JavaScript; the step <= 170 KB of JavaScript and <= 250 KB in
 *    all; LCP <= 2.5 s, INP <= 200 ms, CLS <= 0.1.
 * B. Unthrottled, 1280 px, headless Chromium:
 *  1. keystroke to next paint on the owner step (second individual), typing into one of its text inputs;
 *  2. the floor: a bare uncontrolled <input> appended to the same page, and the ratio of the two p95s (target <= 1.1);
 *  3. the anchor: a plain @rjsf/core Form with liveValidate over the same owner schema and record (bench/ui/anchor.*,
 *     built with Vite into .tmp/bench-anchor), its keystroke to paint and mount to paint, and its JavaScript;
 *  4. step-to-step transitions: Next on plan-details to owner painted, Back on owner to plan-details painted.
 * C. The dashboard with 10,000 clients (bench/ui/dashboardLists.ts): the list's answer to its painted page, and a
 *    keystroke in its search box. BENCH_UI_ONLY=lists runs this part alone.
 *
 * A keystroke is measured in the page from the keydown event to the end of the next frame: requestAnimationFrame,
 * then a MessageChannel task (which runs after that frame's paint). The targets alternate in blocks, so machine load
 * changes hit them alike. Keys are paced like fast typing (BENCH_KEY_GAP_MS after each paint, default 60 ms), under
 * the renderer's 250 ms idle commit, so the figure is the cost of a keystroke itself.
 * Settings: BENCH_KEYS (80 per target), BENCH_TRANSITIONS (10 each way), BENCH_KEY_GAP_MS, BENCH_BEFORE (one ref or
 * several, comma-separated), BENCH_APP_BEFORE=<label>=<dir>[,...] (apps built earlier, served by this tree), BENCH_LANGS
 * (en,fr: each version that has the app's languages is measured in each, French chosen on the device as the switch
 * does), BENCH_UI_ONLY=phone (part A alone) or lists (part C alone), BENCH_UI_PROFILE=1 (a Chromium trace of each
 * phone page until drawn, summed by the main thread's work: bench/ui/cpuProfile.ts).
 * BENCH_UI_ONLY=opened: the login page, the dashboard and the owner step opened directly on the phone profile, first
 * visits alone, BENCH_RUNS times (default 5) with the versions taking turns, each visit's LCP and drawn time and their
 * medians: a comparison of loading paints whose runs move by 0.1-0.3 s apart.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { build } from 'vite';
import { ajvSchemaChecks, createEngine, loadDefinitions } from '../engine/index.ts';
import type { JsonObject } from '../engine/index.ts';
import { readDefinitionFiles } from '../api/definitions/readDefinitionFiles.ts';
import { print, stats } from './stats.ts';
import { beforeTrees, serveTree } from './ui/appVersions.ts';
import { startProfile, stopProfile } from './ui/cpuProfile.ts';
import { dashboardListFigures } from './ui/dashboardLists.ts';
import {
  CPU_SLOWDOWN,
  finishedBy,
  networkLog,
  PHONE,
  phonePage,
  readVitals,
  readyAt,
  readyProbe,
  SLOW_4G,
  totals,
  type Kind,
  type NetworkLog,
  type Transfer,
} from './ui/phoneLoad.ts';

const ROOT = resolve(import.meta.dirname, '..');
const APP_DIR = join(ROOT, 'dist/app');
const ANCHOR_DIR = join(ROOT, '.tmp/bench-anchor');
const KEYS = Math.max(8, Number(process.env.BENCH_KEYS ?? 80));
const BLOCKS = 4;
const WARMUP_KEYS = 3;
const KEY_GAP_MS = Number(process.env.BENCH_KEY_GAP_MS ?? 60);
const TRANSITIONS = Math.max(2, Number(process.env.BENCH_TRANSITIONS ?? 10));
const ANCHOR_REMOUNTS = 5;
/** Three versions (before, now, now in French) take about 10 min at load; the watchdog allows twice that. */
const TIME_LIMIT_MS = 1_200_000;
/** The languages each tree that has them is measured in (BENCH_LANGS=en,fr by default; en alone halves the run). */
const LANGUAGES = (process.env.BENCH_LANGS ?? 'en,fr')
  .split(',')
  .filter((l): l is Language => l === 'en' || l === 'fr');
/** BENCH_UI_ONLY=phone: the phone figures (A) alone, without the unthrottled keystrokes and the dashboard's lists. */
const PHONE_ONLY = process.env.BENCH_UI_ONLY === 'phone';
/** BENCH_UI_ONLY=opened: first visits of the dashboard and the step alone, BENCH_RUNS times each (openedFigures). */
const OPENED_ONLY = process.env.BENCH_UI_ONLY === 'opened';
/** BENCH_UI_PROFILE=1: a CPU profile of each phone page until drawn (bench/ui/cpuProfile.ts). */
const PROFILE = process.env.BENCH_UI_PROFILE === '1';
const loadAverage = (): string =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');
const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const EXAMPLE = 'individual-second-owner';
/** Text inputs of the second individual to type into, first found wins. */
const TYPE_INTO = [
  'individual_2_employer_business_type',
  'individual_2_address_line2',
  'individual_2_employer_address_line2',
  'individual_2_sole_proprietorship_name',
  'individual_2_maiden_name',
];
const TEXT = 'the quick brown fox jumps over the lazy dog while advisers type fast';

const started = Date.now();
const elapsed = (): string => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const f1 = (n: number): string => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

const cleanups: (() => Promise<void> | void)[] = [];
async function cleanup(): Promise<void> {
  for (const c of cleanups.reverse()) {
    try {
      await c();
    } catch {
      // best effort
    }
  }
  cleanups.length = 0;
}

const watchdog = setTimeout(() => {
  console.log(`ui: stopped at the time limit (${TIME_LIMIT_MS / 1000} s); figures above are what was measured`);
  void cleanup().finally(() => process.exit(1));
}, TIME_LIMIT_MS);
watchdog.unref();

// ---------------------------------------------------------------------------------------------------------------
// Builds

function ensureAppBuild(): void {
  const index = join(APP_DIR, 'index.html');
  if (process.env.BENCH_BUILD === '1' || !existsSync(index)) {
    console.log('ui: building the production app (npx vite build)...');
    const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0 || !existsSync(index)) throw new Error('vite build of the app failed');
  }
  const age = (Date.now() - statSync(index).mtimeMs) / 60_000;
  console.log(
    `ui: production build dist/app (built ${age < 1 ? 'just now' : `${age.toFixed(0)} min ago`}; BENCH_BUILD=1 rebuilds it)`,
  );
}

async function buildAnchor(data: { schema: JsonObject; formData: JsonObject }): Promise<void> {
  await build({
    configFile: false,
    root: join(ROOT, 'bench/ui'),
    base: './',
    publicDir: false,
    logLevel: 'warn',
    plugins: [react()],
    build: {
      outDir: ANCHOR_DIR,
      emptyOutDir: true,
      sourcemap: false,
      chunkSizeWarningLimit: 5000,
      rolldownOptions: { input: join(ROOT, 'bench/ui/anchor.html') },
    },
  });
  writeFileSync(join(ANCHOR_DIR, 'anchor-data.json'), JSON.stringify(data));
}

// ---------------------------------------------------------------------------------------------------------------
// Data: the example, the engine's view of it, the anchor's schema

type Example = { [stepId: string]: JsonObject };

function readExample(path: string): Example {
  const json = JSON.parse(readFileSync(path, 'utf8')) as { data: Example };
  const data = structuredClone(json.data);
  delete data.$context;
  return data;
}

/**
 * The owner schema as a plain rjsf form would get it, cut to the fields the app shows for this record: the engine's
 * hidden fields, `ui:widget: hidden` fields and notes (type null) are left out. The record keeps those fields only.
 */
function anchorData(example: Example): { schema: JsonObject; formData: JsonObject; fields: number } {
  const definitions = loadDefinitions(readDefinitionFiles(join(ROOT, 'steps')));
  const engine = createEngine(definitions, ajvSchemaChecks());
  const view = engine.evaluateStep('owner', example);
  const def = definitions.steps.owner;
  const schema = structuredClone(def.schema) as JsonObject & { properties: Record<string, JsonObject> };
  delete schema.$schema;
  const ui = def.ui as Record<string, { 'ui:widget'?: string } | undefined>;
  const hidden = new Set(view.hidden.filter((p) => !p.includes('.')));
  const keep = Object.keys(schema.properties).filter(
    (k) => !hidden.has(k) && ui[k]?.['ui:widget'] !== 'hidden' && schema.properties[k].type !== 'null',
  );
  schema.properties = Object.fromEntries(keep.map((k) => [k, schema.properties[k]]));
  if (Array.isArray(schema.required)) schema.required = (schema.required as string[]).filter((k) => keep.includes(k));
  const formData = Object.fromEntries(Object.entries(view.values).filter(([k]) => keep.includes(k)));
  return { schema, formData, fields: keep.length };
}

// ---------------------------------------------------------------------------------------------------------------
// Servers

function staticServer(dir: string): Promise<{ server: Server; url: string }> {
  const types: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.json': 'application/json',
  };
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = normalize(join(dir, path === '/' ? 'anchor.html' : path));
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, {
      'content-type': types[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    res.end(readFileSync(file));
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () =>
      done({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

async function api(
  base: string,
  path: string,
  method: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: JsonObject }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Token ${token}`;
  const res = await fetch(base + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as JsonObject };
}

/**
 * Logs in as the demo adviser, creates a client and saves the example's records through the API in flow order.
 * A record the API refuses (the owner example's earlier steps are partial) is replaced by that step's own examples.
 */
async function seed(
  base: string,
  example: Example,
  order: string[],
): Promise<{ token: string; username: string; role: string; clientId: number }> {
  const login = await api(base, '/api/login/', 'POST', { username: 'demo@example.com', password: 'demo1234' });
  if (login.status !== 200) throw new Error(`login refused: ${JSON.stringify(login.body)}`);
  const token = String(login.body.token);
  const client = await api(
    base,
    '/api/clients/',
    'POST',
    {
      first_name: 'Bench',
      last_name: 'Mark',
      phone_primary: '416-555-0100',
      date_of_birth: '1980-01-01',
      gender_sex_at_birth: 'male',
    },
    token,
  );
  if (client.status !== 201 && client.status !== 200) throw new Error(`client refused: ${JSON.stringify(client.body)}`);
  const clientId = Number(client.body.id);
  const notes: string[] = [];
  for (const stepId of order.filter((s) => s in example)) {
    const put = (record: unknown) => api(base, `/api/screening/${clientId}/${stepId}/`, 'PUT', record, token);
    let r = await put(example[stepId]);
    if (r.status !== 200) {
      const dir = join(ROOT, 'steps', stepId, 'examples');
      for (const file of existsSync(dir) ? readdirSync(dir).sort() : []) {
        const other = readExample(join(dir, file))[stepId];
        if (!other) continue;
        r = await put(other);
        if (r.status === 200) {
          notes.push(`${stepId} from ${stepId}/examples/${file}`);
          break;
        }
      }
    }
    if (r.status !== 200) throw new Error(`${stepId} refused: ${JSON.stringify(r.body)}`);
  }
  console.log(
    `ui: seeded client ${clientId} with owner/examples/${EXAMPLE}.json${notes.length ? ` (the API refused the example's partial records, used instead: ${notes.join(', ')})` : ''}`,
  );
  return { token, username: String(login.body.username), role: String(login.body.role), clientId };
}

// ---------------------------------------------------------------------------------------------------------------
// In-page measurement

/** Installs the keystroke probe: keydown (capture) to the end of the next painted frame, while armed. */
async function installKeyProbe(page: Page): Promise<void> {
  await page.evaluate(() => {
    type Probe = { armed: boolean; samples: number[]; waiters: (() => void)[]; wait: (n: number) => Promise<number> };
    const w = window as unknown as { __ks?: Probe };
    if (w.__ks) return;
    const probe: Probe = {
      armed: false,
      samples: [],
      waiters: [],
      wait: (n) =>
        new Promise((done) => {
          const limit = setTimeout(() => done(Number.NaN), 5000);
          const check = () => {
            if (probe.samples.length > n) {
              clearTimeout(limit);
              done(probe.samples[n]);
            } else probe.waiters.push(check);
          };
          check();
        }),
    };
    w.__ks = probe;
    addEventListener(
      'keydown',
      () => {
        if (!probe.armed) return;
        const t0 = performance.now();
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            probe.samples.push(performance.now() - t0);
            const waiting = probe.waiters.splice(0);
            for (const w2 of waiting) w2();
          };
          channel.port2.postMessage(null);
        });
      },
      true,
    );
  });
}

/** Adds the floor: a bare uncontrolled input appended to the body. */
async function addFloorInput(page: Page): Promise<void> {
  await page.evaluate(() => {
    if (document.getElementById('bench-floor')) return;
    const input = document.createElement('input');
    input.id = 'bench-floor';
    input.type = 'text';
    input.setAttribute('aria-label', 'bench floor');
    document.body.appendChild(input);
  });
}

let textAt = 0;
function nextKey(): string {
  const ch = TEXT[textAt % TEXT.length];
  textAt += 1;
  return ch === ' ' ? 'Space' : ch;
}

/** Focuses the target and types `count` keys one at a time; returns each keystroke-to-paint time. */
async function typeInto(page: Page, selector: string, count: number): Promise<number[]> {
  await page.bringToFront();
  const input = page.locator(selector);
  await input.scrollIntoViewIfNeeded();
  await input.focus();
  await page.keyboard.press('End');
  await sleep(400);
  const out: number[] = [];
  await page.evaluate(() => ((window as unknown as { __ks: { armed: boolean } }).__ks.armed = true));
  try {
    for (let i = 0; i < count; i += 1) {
      const n = await page.evaluate(() => (window as unknown as { __ks: { samples: number[] } }).__ks.samples.length);
      await page.keyboard.press(nextKey());
      out.push(
        await page.evaluate(
          (k) => (window as unknown as { __ks: { wait: (k: number) => Promise<number> } }).__ks.wait(k),
          n,
        ),
      );
      await sleep(KEY_GAP_MS);
    }
  } finally {
    await page.evaluate(() => ((window as unknown as { __ks: { armed: boolean } }).__ks.armed = false));
  }
  return out;
}

/**
 * Arms a one-shot watcher: from the next click (capture) to the end of the first frame painted with the URL on
 * `step`, the heading reading `heading` and that step's form present. Resolves NaN after 10 s.
 */
async function armTransition(page: Page, step: string, heading: string): Promise<void> {
  await page.evaluate(
    ([stepId, title]) => {
      const w = window as unknown as { __trans?: Promise<number> };
      w.__trans = new Promise<number>((done) => {
        const onClick = () => {
          removeEventListener('click', onClick, true);
          const t0 = performance.now();
          const tick = () => {
            const h = document.getElementById('step-heading');
            const ok =
              location.pathname.endsWith(`/screening/${stepId}`) &&
              h?.textContent?.trim() === title &&
              document.querySelector(`.wizard-main[data-current-step="${stepId}"] .step-form`) !== null &&
              h.getBoundingClientRect().height > 0;
            if (ok) {
              const channel = new MessageChannel();
              channel.port1.onmessage = () => done(performance.now() - t0);
              channel.port2.postMessage(null);
            } else if (performance.now() - t0 > 10_000) done(Number.NaN);
            else requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        };
        addEventListener('click', onClick, true);
      });
    },
    [step, heading] as const,
  );
}

/**
 * The wizard's Back and Next buttons, found by their place in the actions bar rather than their names, so the same
 * code runs in English and in French (and on older trees: the bar's markup is the same since before issue 32).
 */
const BUTTON = {
  Back: '.wizard-actions > button.btn-secondary',
  Next: '.wizard-actions .actions-bar-end > button.btn-primary',
} as const;
/** The leave dialog's confirm button, by language. */
const LEAVE: Record<Language, string> = { en: 'Leave', fr: 'Quitter' };

async function transition(
  page: Page,
  button: keyof typeof BUTTON,
  step: string,
  heading: string,
  language: Language,
): Promise<number> {
  await armTransition(page, step, heading);
  await page.locator(BUTTON[button]).click();
  const ms = await page.evaluate(() => (window as unknown as { __trans: Promise<number> }).__trans);
  // Leaving a step with unsaved changes would ask first; none are expected here.
  const leave = page.getByRole('button', { name: LEAVE[language] });
  if (!Number.isFinite(ms) && (await leave.count())) await leave.click();
  await sleep(250);
  return ms;
}

async function stepHeading(page: Page, step: string): Promise<string> {
  await page.locator(`.wizard-main[data-current-step="${step}"] .step-form`).waitFor();
  return (await page.locator('#step-heading').innerText()).trim();
}

// ---------------------------------------------------------------------------------------------------------------

// A. As on a phone

type Session = { token: string; username: string; role: string; clientId: number };

type Language = 'en' | 'fr';

interface Version {
  label: string;
  base: string;
  session: Session;
  /** The language the app is shown in: French is chosen on the device (localStorage and a cookie), as the switch does. */
  language: Language;
}

/**
 * A script that signs the page in (the app keeps its session in sessionStorage) and chooses the version's language
 * (localStorage, read when the app starts), on this server only: each language of a tree has its own server.
 */
function signedIn(v: Version): { content: string } {
  const items = { authToken: v.session.token, username: v.session.username, role: v.session.role };
  return {
    content: `if (location.origin === ${JSON.stringify(v.base)}) { for (const [k, x] of Object.entries(${JSON.stringify(items)})) sessionStorage.setItem(k, x); localStorage.setItem('language', ${JSON.stringify(v.language)}); }`,
  };
}

/** The version's language chosen on the device (localStorage, read when the app starts), signed out. */
function languageOf(v: Version): { content: string } {
  return {
    content: `if (location.origin === ${JSON.stringify(v.base)}) localStorage.setItem('language', ${JSON.stringify(v.language)});`,
  };
}

interface PhoneFigures {
  /** Over the wire until the page is usable (the step drawn, the list shown, the login form shown). */
  ready: Record<Kind | 'all', number>;
  /** When the page drew what "ready" waits for, by the page's clock (readyProbe). */
  readyMs: number;
  /** Over the wire once the network is quiet (idle prefetches included). */
  idle: Record<Kind | 'all', number>;
  files: Transfer[];
  lcp: number;
  lcpElement: string;
  cls: number;
  inpKey: number;
  inpNext: number;
  inp: number;
  /** A second visit in the same browser: bytes over the wire with the cache warm. */
  again: Record<Kind | 'all', number>;
}

/**
 * The worst duration of the interactions of a kind since `seen` were recorded; NaN when there were none. Event
 * Timing reports only interactions over 16 ms: one that happened but is not reported counts as 16 ms.
 */
async function worstSince(page: Page, seen: number, kind: 'key' | 'pointer'): Promise<number> {
  const xs = (await readVitals(page)).interactions.slice(seen).filter((x) => x.kind === kind);
  return xs.length ? Math.max(...xs.map((x) => x.duration)) : 16;
}

const interactionCount = async (page: Page): Promise<number> => (await readVitals(page)).interactions.length;

/** Types `count` keys into an input at a typist's pace; returns the worst keystroke's INP. */
async function typeSlowly(page: Page, selector: string, count: number): Promise<number> {
  const input = page.locator(selector);
  await input.scrollIntoViewIfNeeded();
  await input.focus();
  await page.keyboard.press('End');
  await sleep(500);
  const seen = await interactionCount(page);
  for (let i = 0; i < count; i += 1) {
    await page.keyboard.press(nextKey());
    await sleep(250);
  }
  await sleep(800);
  return worstSince(page, seen, 'key');
}

type Interactions = { inpKey: number; inpNext: number };
const NONE: Interactions = { inpKey: Number.NaN, inpNext: Number.NaN };

/**
 * Loads `path` on a phone, waits for `ready`, then for a quiet network; `interact` then does what the page is for.
 * A second visit in the same context gives the bytes of a warm cache.
 */
async function phoneVisit(
  browser: Browser,
  v: Version,
  path: string,
  ready: string,
  interact: (page: Page) => Promise<Interactions>,
): Promise<PhoneFigures> {
  const { context, page, log, drawn } = await phonePage(browser, [signedIn(v), readyProbe(ready)]);
  // The language switch writes its choice in a cookie too, which the server reads to name the step's definition in
  // that language in the page's HTML (api/http/pageHints.ts); older versions ignore it.
  await context.addCookies([{ name: 'language', value: v.language, url: v.base }]);
  try {
    return await phoneVisitIn(context, page, log, drawn, v, path, ready, interact, PROFILE ? browser : undefined);
  } catch (error) {
    await page.screenshot({ path: join(ROOT, '.tmp/bench-ui-failure.png') }).catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
}

async function phoneVisitIn(
  context: BrowserContext,
  page: Page,
  log: NetworkLog,
  drawn: (selector: string) => Promise<void>,
  v: Version,
  path: string,
  ready: string,
  interact: (page: Page) => Promise<Interactions>,
  profiler?: Browser,
): Promise<PhoneFigures> {
  {
    if (profiler) await startProfile(profiler, page);
    await page.goto(v.base + path, { waitUntil: 'commit' });
    await drawn(ready);
    // The bytes that had arrived when the page drew, by the page's clock (readyProbe).
    const readyMs = await readyAt(page);
    if (profiler)
      await stopProfile(
        profiler,
        join(ROOT, '.tmp/bench-ui-profile'),
        `${v.label} ${path}`.replace(/[^\w,-]+/g, '_'),
        readyMs,
      );
    const readyBytes = totals(finishedBy(log.transfers(), readyMs));
    await log.quiet();
    const files = log.transfers();
    const loaded = await readVitals(page);
    const measured = await interact(page);
    const inp = (await readVitals(page)).inp;

    const second = await context.newPage();
    const cdp2 = await context.newCDPSession(second);
    await cdp2.send('Network.enable');
    await cdp2.send('Network.emulateNetworkConditions', SLOW_4G);
    const log2 = networkLog(cdp2);
    await second.goto(v.base + path, { waitUntil: 'commit' });
    await second.locator(ready).first().waitFor();
    await log2.quiet();
    return {
      ready: readyBytes,
      readyMs,
      idle: totals(files),
      files,
      lcp: loaded.lcp,
      lcpElement: loaded.lcpElement,
      cls: loaded.cls,
      ...measured,
      inp,
      again: totals(log2.transfers()),
    };
  }
}

async function phoneFigures(
  browser: Browser,
  v: Version,
  ownerInput: string,
): Promise<{ login: PhoneFigures; dashboard: PhoneFigures; step: PhoneFigures }> {
  const login = await phoneVisit(
    browser,
    { ...v, session: { ...v.session, token: '', username: '', role: '' } },
    '/',
    '#login-password',
    async (page) => ({ inpKey: await typeSlowly(page, '#login-username', 12), inpNext: Number.NaN }),
  );
  const dashboard = await phoneVisit(
    browser,
    v,
    '/dashboard',
    'table tbody a[href^="/client/profile/"]',
    async () => NONE,
  );
  const step = await phoneVisit(
    browser,
    v,
    `/client/${v.session.clientId}/screening/owner`,
    '.wizard-main[data-current-step="owner"] .step-form',
    async (page) => {
      // Back to plan-details first, then Next (saves plan-details, opens owner): that click is measured.
      await page.locator(BUTTON.Back).click();
      await page.locator('.wizard-main[data-current-step="plan-details"] .step-form').waitFor();
      await sleep(1500);
      const seen = await interactionCount(page);
      await page.locator(BUTTON.Next).click();
      await page.locator('.wizard-main[data-current-step="owner"] .step-form').waitFor();
      await sleep(1500);
      const inpNext = await worstSince(page, seen, 'pointer');
      return { inpKey: await typeSlowly(page, ownerInput, 12), inpNext };
    },
  );
  return { login, dashboard, step };
}

// ---------------------------------------------------------------------------------------------------------------
// Printing

const ms = (n: number): string => (Number.isFinite(n) ? `${n.toFixed(0)} ms` : 'n/a');
const over = (value: number, limit: number): string => (Number.isFinite(value) && value > limit ? ' OVER' : '');

/** One figure for each version, in columns. */
function row(label: string, values: string[], target: string): void {
  console.log(`  ${label.padEnd(44)} ${values.map((x) => x.padStart(22)).join('')}   ${target}`);
}

function printPhone(versions: string[], all: Awaited<ReturnType<typeof phoneFigures>>[]): void {
  console.log('');
  console.log(
    `ui: as on a phone: ${PHONE.width} px, CPU slowed ${CPU_SLOWDOWN}x, Slow 4G (${SLOW_4G.latency} ms, ${((SLOW_4G.downloadThroughput * 8) / 1e6).toFixed(2)} Mbit/s down), fresh cache; bytes over the wire from Chromium's network log (encodedDataLength)`,
  );
  row('', versions, 'target');
  const pages = [
    ['login page (/)', 'login', 100, Number.POSITIVE_INFINITY],
    ['dashboard (/dashboard)', 'dashboard', Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY],
    ['owner step opened directly', 'step', 170, 250],
  ] as const;
  for (const [title, key, jsBudget, allBudget] of pages) {
    const f = all.map((x) => x[key]);
    console.log(`  ${title}`);
    const js = (b: Record<string, number>) => `${kb(b.js)}${over(b.js, jsBudget * 1024)}`;
    const total = (b: Record<string, number>) => `${kb(b.all)}${over(b.all, allBudget * 1024)}`;
    const budget = (n: number) => (Number.isFinite(n) ? `<= ${n} KB` : '');
    row(
      '  JavaScript, page ready',
      f.map((x) => js(x.ready)),
      budget(jsBudget),
    );
    row(
      '  all bytes, page ready',
      f.map((x) => total(x.ready)),
      budget(allBudget),
    );
    row(
      '  JavaScript, network quiet (prefetches too)',
      f.map((x) => js(x.idle)),
      budget(jsBudget),
    );
    row(
      '  all bytes, network quiet',
      f.map((x) => total(x.idle)),
      budget(allBudget),
    );
    row(
      '  second visit, all bytes (cache warm)',
      f.map((x) => kb(x.again.all)),
      '',
    );
    row(
      '  drawn (ready), by the page clock',
      f.map((x) => ms(x.readyMs)),
      '',
    );
    row(
      '  LCP',
      f.map((x) => `${ms(x.lcp)}${over(x.lcp, 2500)}`),
      '<= 2500 ms',
    );
    row(
      '  CLS',
      f.map((x) => `${x.cls.toFixed(3)}${over(x.cls, 0.1)}`),
      '<= 0.1',
    );
    if (key !== 'dashboard')
      row(
        '  INP, keystroke (worst of 12)',
        f.map((x) => `${ms(x.inpKey)}${over(x.inpKey, 200)}`),
        '<= 200 ms',
      );
    // A hint the app does not take as it is (another URL, credentials mode) downloads the file a second time.
    row(
      '  requests made twice (same URL, until quiet)',
      f.map((x) => String(fetchedTwice(x.files).length)),
      '0',
    );
    if (key === 'step')
      row(
        '  INP, Next (plan-details -> owner)',
        f.map((x) => `${ms(x.inpNext)}${over(x.inpNext, 200)}`),
        '<= 200 ms',
      );
  }
  all.forEach((x, i) => {
    for (const [title, key] of pages) {
      const files = [...x[key].files]
        .filter((t) => t.kind === 'js')
        .sort((a, b) => b.bytes - a.bytes)
        .map(
          (t) => `${new URL(t.url).pathname.replace(/^.*\//, '')} ${kb(t.bytes)}${t.encoding ? ` ${t.encoding}` : ''}`,
        );
      console.log(`  ${versions[i]}, ${title}, JavaScript (${files.length} files): ${files.join(', ')}`);
      const twice = fetchedTwice(x[key].files);
      if (twice.length) console.log(`  ${versions[i]}, ${title}, fetched twice: ${twice.join(', ')}`);
      // The waterfall, from the document's request (ms): asked for / sent / first byte - done, and its bytes.
      const first = Math.min(...x[key].files.map((t) => t.start));
      const steps = [...x[key].files]
        .sort((a, b) => a.start - b.start)
        .map((t) => {
          const { pathname, search } = new URL(t.url);
          const name = t.kind === 'api' ? pathname + search : pathname.replace(/^.*\/(?=.)/, '');
          const at = (time: number) => ((time - first) * 1000).toFixed(0);
          // Asked for, sent (after a wait for a connection), first byte, done.
          const sent = Number.isNaN(t.sent) ? '' : `/${at(t.sent)}/${at(t.firstByte)}`;
          return `${name} ${at(t.start)}${sent}-${at(t.end)} (${kb(t.bytes)})`;
        });
      console.log(`  ${versions[i]}, ${title}, waterfall (ms): ${steps.join(', ')}`);
      console.log(`  ${versions[i]}, ${title}, LCP element: ${x[key].lcpElement}`);
    }
  });
}

/** The URLs requested more than once over the network (not from the cache) in one visit. */
function fetchedTwice(files: Transfer[]): string[] {
  const seen = new Map<string, number>();
  for (const t of files) if (!t.cached) seen.set(t.url, (seen.get(t.url) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([url]) => new URL(url).pathname + new URL(url).search);
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * BENCH_UI_ONLY=opened: the login page, the dashboard and the owner step opened directly as on a phone, first visits only, BENCH_RUNS
 * rounds in which every version takes its turn (so the machine's load changes hit them alike); prints each visit's
 * LCP and drawn time, then the medians.
 */
async function openedFigures(browser: Browser, versions: Version[]): Promise<void> {
  const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
  const pages = [
    // Signed out: signed in, the app goes from the login page to the dashboard.
    { title: 'login page', path: () => '/', ready: '#login-password', signedOut: true },
    { title: 'dashboard', path: () => '/dashboard', ready: 'table tbody a[href^="/client/profile/"]' },
    {
      title: 'owner step',
      path: (v: Version) => `/client/${v.session.clientId}/screening/owner`,
      ready: '.wizard-main[data-current-step="owner"] .step-form',
    },
  ];
  const figures = new Map<string, { lcp: number[]; drawn: number[] }>();
  for (let run = 1; run <= runs; run++) {
    for (const v of versions) {
      for (const p of pages) {
        const { context, page, drawn } = await phonePage(browser, [
          'signedOut' in p ? languageOf(v) : signedIn(v),
          readyProbe(p.ready),
        ]);
        await context.addCookies([{ name: 'language', value: v.language, url: v.base }]);
        try {
          await page.goto(v.base + p.path(v), { waitUntil: 'commit' });
          await drawn(p.ready);
          const drawnAt = await readyAt(page);
          await sleep(500);
          const { lcp } = await readVitals(page);
          const key = `${v.label}, ${p.title}`;
          const f = figures.get(key) ?? { lcp: [], drawn: [] };
          f.lcp.push(lcp);
          f.drawn.push(drawnAt);
          figures.set(key, f);
          console.log(`ui: run ${run}, ${key}: LCP ${ms(lcp)}, drawn ${ms(drawnAt)}`);
        } finally {
          await context.close();
        }
      }
    }
  }
  console.log(`\nui bench: load average ${loadAverage()}; first visits as on a phone, ${runs} runs each`);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  for (const [key, f] of figures)
    console.log(
      `  ${key.padEnd(36)} LCP median ${ms(median(f.lcp))} (${f.lcp.map((x) => x.toFixed(0)).join(', ')}); drawn median ${ms(median(f.drawn))}`,
    );
  console.log(`ui: done in ${elapsed()}`);
}

/** BENCH_UI_ONLY=lists: the dashboard with 10,000 clients alone (bench/ui/dashboardLists.ts). */
async function listsOnly(): Promise<void> {
  ensureAppBuild();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  cleanups.push(() => browser.close());
  await dashboardListFigures(browser, APP_DIR);
  console.log(`ui: done in ${elapsed()}`);
}

async function main(): Promise<void> {
  if (process.env.BENCH_UI_ONLY === 'lists') return listsOnly();
  ensureAppBuild();
  const before = beforeTrees(ROOT);
  console.log(`ui: load average at start ${loadAverage()}`);
  const definitions = loadDefinitions(readDefinitionFiles(join(ROOT, 'steps')));
  const example = readExample(join(ROOT, `steps/owner/examples/${EXAMPLE}.json`));
  const anchor = anchorData(example);
  if (!PHONE_ONLY) {
    const anchorStart = Date.now();
    await buildAnchor(anchor);
    console.log(
      `ui: anchor page built with Vite into .tmp/bench-anchor in ${((Date.now() - anchorStart) / 1000).toFixed(1)} s (${anchor.fields} top-level owner fields shown)`,
    );
  }

  const trees = before.map((b) => ({ ...b, appDir: join(b.tree, 'dist/app') }));
  // BENCH_APP_BEFORE=<label>=<dir>: an app built earlier from this tree (a copy of dist/app before a change), served
  // by this tree's server, when the commit's own tree cannot be rebuilt apart.
  // Several, comma-separated, are measured in that order.
  for (const built of (process.env.BENCH_APP_BEFORE ?? '').split(',')) {
    const [builtLabel, builtDir] = built.split('=');
    if (builtLabel && builtDir) trees.push({ tree: ROOT, label: builtLabel, appDir: resolve(builtDir) });
  }
  trees.push({ tree: ROOT, label: 'now', appDir: APP_DIR });
  const versions: Version[] = [];
  for (const t of trees) {
    // A tree without the app's languages (before issue 28) is measured in English only.
    const speaks = existsSync(join(t.tree, 'app/i18n/language.ts'));
    for (const language of LANGUAGES.filter((l) => l === 'en' || speaks)) {
      const served = await serveTree(ROOT, t.tree, t.appDir);
      cleanups.push(served.stop);
      versions.push({
        label: language === 'en' ? t.label : `${t.label}, French`,
        base: served.url,
        session: await seed(served.url, example, definitions.order),
        language,
      });
    }
  }
  const anchorServer = await staticServer(ANCHOR_DIR);
  cleanups.push(() => new Promise<void>((r) => anchorServer.server.close(() => r())));

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  cleanups.push(() => browser.close());

  // The owner step's text input to type into, found on the current version, unthrottled.
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  desktop.setDefaultTimeout(20_000);
  // tsx compiles this file with keepNames: functions passed to page.evaluate call __name, which pages lack.
  await desktop.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  for (const v of versions) await desktop.addInitScript(signedIn(v));
  const now = versions.findLast((v) => v.language === LANGUAGES[0]) ?? versions[versions.length - 1];
  const probe = await desktop.newPage();
  await probe.goto(`${now.base}/client/${now.session.clientId}/screening/owner`);
  await stepHeading(probe, 'owner');
  // The first of TYPE_INTO that is a plain text input, once the form has drawn it.
  const typeId = await probe
    .waitForFunction(
      (ids) =>
        ids.find((id) => {
          const el = document.getElementById(`root_${id}`) as HTMLInputElement | null;
          return (
            el !== null &&
            el.tagName === 'INPUT' &&
            (el.type === 'text' || el.type === '') &&
            !el.readOnly &&
            !el.disabled &&
            el.maxLength < 0
          );
        }) ?? null,
      TYPE_INTO,
      { timeout: 20_000 },
    )
    .then((handle) => handle.jsonValue() as Promise<string>)
    .catch(() => null);
  await probe.close();
  if (!typeId) throw new Error(`none of ${TYPE_INTO.join(', ')} is a text input on the owner step`);
  const ownerSel = `#root_${typeId}`;

  if (OPENED_ONLY) return openedFigures(browser, versions);

  // A. Phone figures, each version in turn.
  const phone: Awaited<ReturnType<typeof phoneFigures>>[] = [];
  for (const v of versions) {
    phone.push(await phoneFigures(browser, v, ownerSel));
    console.log(`ui: phone figures of ${v.label} done at ${elapsed()}`);
  }
  if (PHONE_ONLY) {
    console.log(`\nui bench: load average ${loadAverage()}; versions: ${versions.map((v) => v.label).join(', ')}`);
    printPhone(
      versions.map((v) => v.label),
      phone,
    );
    console.log(`ui: done in ${elapsed()}`);
    return;
  }

  // B. Unthrottled: transitions, then keystrokes, for each version; the anchor.
  const wizard: { v: Version; page: Page; inputs: number; loadToPaint: number; nexts: number[]; backs: number[] }[] =
    [];
  for (const v of versions) {
    const page = await desktop.newPage();
    const cdp = await desktop.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const t0 = Date.now();
    await page.goto(`${v.base}/client/${v.session.clientId}/screening/owner`);
    const ownerHeading = await stepHeading(page, 'owner');
    const loadToPaint = Date.now() - t0;
    await page.waitForLoadState('networkidle');
    await sleep(1000);
    const inputs = await page.locator('.wizard-main .step-form').locator('input, select, textarea').count();
    await page.locator(BUTTON.Back).click();
    const planHeading = await stepHeading(page, 'plan-details');
    await transition(page, 'Next', 'owner', ownerHeading, v.language);
    const backs: number[] = [];
    const nexts: number[] = [];
    for (let i = 0; i < TRANSITIONS; i += 1) {
      backs.push(await transition(page, 'Back', 'plan-details', planHeading, v.language));
      nexts.push(await transition(page, 'Next', 'owner', ownerHeading, v.language));
    }
    await installKeyProbe(page);
    await addFloorInput(page);
    wizard.push({ v, page, inputs, loadToPaint, nexts, backs });
  }
  console.log(`ui: transitions done at ${elapsed()}`);

  const anchorPage = await desktop.newPage();
  await anchorPage.goto(`${anchorServer.url}/anchor.html`);
  const anchorCold = await anchorPage.evaluate(
    () => (window as unknown as { __anchorReady: Promise<number> }).__anchorReady,
  );
  await sleep(300);
  const anchorWarm: number[] = [];
  for (let i = 0; i < ANCHOR_REMOUNTS; i += 1) {
    anchorWarm.push(
      await anchorPage.evaluate(() =>
        (window as unknown as { __anchorRemount: () => Promise<number> }).__anchorRemount(),
      ),
    );
    await sleep(200);
  }
  const anchorInputs = await anchorPage.locator('input, select, textarea').count();
  await installKeyProbe(anchorPage);
  await addFloorInput(anchorPage);

  const targets = [
    ...wizard.flatMap((w) => [
      { name: `${w.v.label}: owner`, page: w.page, selector: ownerSel },
      { name: `${w.v.label}: floor`, page: w.page, selector: '#bench-floor' },
    ]),
    { name: 'anchor', page: anchorPage, selector: ownerSel },
    { name: 'anchor floor', page: anchorPage, selector: '#bench-floor' },
  ];
  const samples: Record<string, number[]> = Object.fromEntries(targets.map((t) => [t.name, []]));
  for (const t of targets) await typeInto(t.page, t.selector, WARMUP_KEYS);
  const perBlock = Math.ceil(KEYS / BLOCKS);
  for (let b = 0; b < BLOCKS; b += 1) {
    for (const t of b % 2 ? [...targets].reverse() : targets) {
      const left = KEYS - samples[t.name].length;
      if (left > 0) samples[t.name].push(...(await typeInto(t.page, t.selector, Math.min(perBlock, left))));
    }
  }
  console.log(`ui: keystrokes done at ${elapsed()}`);

  // ---------------------------------------------------------------------------------------------------------
  const clean = (xs: number[]) => xs.filter(Number.isFinite);
  const lost = Object.values(samples).reduce((n, xs) => n + xs.filter((x) => !Number.isFinite(x)).length, 0);
  console.log('');
  console.log(
    `ui bench: headless Chromium ${browser.version()}, load average ${loadAverage()}; versions: ${versions.map((v) => v.label).join(', ')}`,
  );
  printPhone(
    versions.map((v) => v.label),
    phone,
  );

  console.log('');
  console.log(
    `ui: unthrottled, 1280 px: ${KEYS} keys per target in ${BLOCKS} alternating blocks, ${KEY_GAP_MS} ms gap after each paint${lost ? `; ${lost} keystrokes timed out (left out)` : ''}`,
  );
  for (const w of wizard) {
    const app = stats(clean(samples[`${w.v.label}: owner`]));
    const floor = stats(clean(samples[`${w.v.label}: floor`]));
    print(
      `ui: ${w.v.label}: keystroke to paint, owner step (${w.inputs} inputs)`,
      app,
      'ms',
      'target p95 <= 1.1 x floor p95',
    );
    print(`ui: ${w.v.label}: keystroke to paint, floor (bare <input>, same page)`, floor, 'ms', 'reference');
    console.log(
      `ui: ${w.v.label}: owner p95 / floor p95 = ${(app.p95 / floor.p95).toFixed(2)} (target <= 1.1${app.p95 / floor.p95 > 1.1 ? ', OVER' : ''}); medians ${(app.median / floor.median).toFixed(2)}`,
    );
    print(
      `ui: ${w.v.label}: step transition, Next plan-details -> owner`,
      stats(clean(w.nexts)),
      'ms',
      'target p95 <= 100 ms',
    );
    print(
      `ui: ${w.v.label}: step transition, Back owner -> plan-details`,
      stats(clean(w.backs)),
      'ms',
      'target p95 <= 100 ms',
    );
    console.log(
      `ui: ${w.v.label}: owner step opened directly, no cache, unthrottled: ${f1(w.loadToPaint)} ms to painted`,
    );
  }
  const anc = stats(clean(samples.anchor));
  print(
    `ui: anchor: keystroke to paint (plain @rjsf/core + liveValidate, ${anchor.fields} fields, ${anchorInputs} inputs)`,
    anc,
    'ms',
    'reference',
  );
  print('ui: anchor: keystroke to paint, floor on its page', stats(clean(samples['anchor floor'])), 'ms', 'reference');
  const warm = stats(anchorWarm);
  console.log(
    `ui: anchor mount to paint: cold ${f1(anchorCold)} ms, warm median ${f1(warm.median)} ms (of ${anchorWarm.length} remounts)`,
  );
  await dashboardListFigures(browser, APP_DIR);
  const anchorFiles = readdirSync(join(ANCHOR_DIR, 'assets'))
    .filter((n) => n.endsWith('.js'))
    .map((n) => readFileSync(join(ANCHOR_DIR, 'assets', n)));
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  console.log(
    `ui: anchor page's JavaScript (React + @rjsf/core + validator-ajv8), computed: ${kb(sum(anchorFiles.map((b) => gzipSync(b).length)))} gzip, ${kb(sum(anchorFiles.map((b) => brotliCompressSync(b).length)))} brotli (reference)`,
  );
  console.log(`ui: done in ${elapsed()}`);
}

main()
  .then(async () => {
    await cleanup();
    clearTimeout(watchdog);
  })
  .catch(async (err: unknown) => {
    console.error(err);
    await cleanup();
    process.exit(1);
  });
