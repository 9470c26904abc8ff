/**
 * A page loaded as on a phone (issue 32): Chromium at 390 px, the CPU slowed 4 times and the network of DevTools'
 * "Slow 4G" profile (562.5 ms latency, 1.44 Mbit/s down, 675 kbit/s up: Lighthouse's mobile throttling), set over
 * CDP. It counts the bytes that came over the wire (CDP's encodedDataLength: compressed bodies plus headers) by kind,
 * and reads Core Web Vitals in the page with the web-vitals library (LCP, CLS, INP), plus each interaction's own
 * duration from the Event Timing entries, so a keystroke and a click on Next are told apart.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';

export const PHONE = { width: 390, height: 844 };
export const CPU_SLOWDOWN = 4;
/** DevTools' "Slow 4G" preset, in CDP's units (bytes per second, milliseconds). */
export const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
  connectionType: 'cellular4g' as const,
};

export type Kind = 'js' | 'css' | 'html' | 'api' | 'other';
export interface Transfer {
  url: string;
  kind: Kind;
  /** Bytes received for it: headers and the body as sent (compressed when it was). */
  bytes: number;
  /** From the browser's cache (no body came over the wire). */
  cached: boolean;
  encoding: string;
  /** When it was asked for and when it had arrived, in seconds of the browser's clock. */
  start: number;
  end: number;
  /**
   * When its request went out (after waiting for a connection: HTTP/1.1 allows six per host) and when its response
   * began, same clock; NaN when Chromium gave no timing (a cached response).
   */
  sent: number;
  firstByte: number;
}

/** Bytes by kind, and in all. */
export function totals(transfers: Transfer[]): Record<Kind | 'all', number> {
  const out = { js: 0, css: 0, html: 0, api: 0, other: 0, all: 0 };
  for (const t of transfers) {
    out[t.kind] += t.bytes;
    out.all += t.bytes;
  }
  return out;
}

function kindOf(type: string | undefined, url: string, mime: string): Kind {
  const path = new URL(url).pathname;
  if (type === 'Script' || /\.m?js$/.test(path)) return 'js';
  if (type === 'Stylesheet' || path.endsWith('.css')) return 'css';
  if (type === 'Document' || mime.includes('text/html')) return 'html';
  if (type === 'XHR' || type === 'Fetch' || mime.includes('json')) return 'api';
  return 'other';
}

/** Records every finished request of a CDP session, with the bytes that came over the wire. */
export interface NetworkLog {
  transfers: () => Transfer[];
  reset: () => void;
  /** Resolves once no request has been in flight for `quietMs` (or after `limitMs`). */
  quiet: (quietMs?: number, limitMs?: number) => Promise<void>;
}

export function networkLog(cdp: CDPSession): NetworkLog {
  const started = new Map<
    string,
    {
      url: string;
      type?: string;
      mime: string;
      cached: boolean;
      encoding: string;
      start: number;
      sent: number;
      firstByte: number;
    }
  >();
  const inFlight = new Set<string>();
  let lastActivity = Date.now();
  let done: Transfer[] = [];
  const ended = (id: string): void => {
    inFlight.delete(id);
    lastActivity = Date.now();
  };
  cdp.on('Network.requestWillBeSent', (e) => {
    inFlight.add(e.requestId);
    lastActivity = Date.now();
    started.set(e.requestId, {
      url: e.request.url,
      type: e.type,
      mime: '',
      cached: false,
      encoding: '',
      start: e.timestamp,
      sent: NaN,
      firstByte: NaN,
    });
  });
  cdp.on('Network.loadingFailed', (e) => ended(e.requestId));
  cdp.on('Network.responseReceived', (e) => {
    const s = started.get(e.requestId);
    if (!s) return;
    s.mime = e.response.mimeType ?? '';
    s.type = e.type ?? s.type;
    s.cached ||= Boolean(e.response.fromDiskCache || e.response.fromPrefetchCache);
    const headers = e.response.headers as Record<string, string>;
    s.encoding = headers['content-encoding'] ?? headers['Content-Encoding'] ?? '';
    const timing = e.response.timing;
    if (timing) {
      s.sent = timing.requestTime + timing.sendStart / 1000;
      s.firstByte = timing.requestTime + timing.receiveHeadersEnd / 1000;
    }
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const s = started.get(e.requestId);
    if (s) s.cached = true;
  });
  cdp.on('Network.loadingFinished', (e) => {
    ended(e.requestId);
    const s = started.get(e.requestId);
    if (!s || s.url.startsWith('data:')) return;
    done.push({
      url: s.url,
      kind: kindOf(s.type, s.url, s.mime),
      bytes: e.encodedDataLength,
      cached: s.cached,
      encoding: s.encoding,
      start: s.start,
      end: e.timestamp,
      sent: s.sent,
      firstByte: s.firstByte,
    });
  });
  return {
    transfers: () => [...done],
    reset: () => {
      done = [];
    },
    quiet: async (quietMs = 1500, limitMs = 30_000) => {
      const start = Date.now();
      while (Date.now() - start < limitMs) {
        await new Promise((r) => setTimeout(r, 100));
        if (inFlight.size === 0 && Date.now() - lastActivity >= quietMs) return;
      }
    },
  };
}

const require = createRequire(import.meta.url);
// The package exports no path to its IIFE build: it sits beside the ESM entry (dist/web-vitals.js).
const WEB_VITALS = readFileSync(join(dirname(require.resolve('web-vitals')), 'web-vitals.iife.js'), 'utf8');

/** Page script: web-vitals' LCP, CLS and INP (every change), and the Event Timing durations per interaction. */
const VITALS_PROBE = `${WEB_VITALS}
(() => {
  const v = { lcp: NaN, lcpElement: '', cls: 0, inp: NaN, interactions: new Map() };
  window.__vitals = v;
  // What the largest paint was (tag, class, start of its text): the element a faster first paint would have to show.
  const describe = (el) => el ? el.tagName.toLowerCase() + (el.classList[0] ? '.' + el.classList[0] : '') +
    ' "' + (el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40) + '"' : '(removed)';
  webVitals.onLCP((m) => {
    v.lcp = m.value;
    const last = m.entries[m.entries.length - 1];
    v.lcpElement = last ? describe(last.element) : '';
  }, { reportAllChanges: true });
  webVitals.onCLS((m) => { v.cls = m.value; }, { reportAllChanges: true });
  webVitals.onINP((m) => { v.inp = m.value; }, { reportAllChanges: true, durationThreshold: 16 });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (!e.interactionId) continue;
      const kind = e.name.startsWith('key') ? 'key' : 'pointer';
      const prev = v.interactions.get(e.interactionId);
      v.interactions.set(e.interactionId, { kind, duration: Math.max(prev ? prev.duration : 0, e.duration) });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
})();`;

export interface Vitals {
  lcp: number;
  /** The LCP element: tag, first class and the start of its text. */
  lcpElement: string;
  cls: number;
  /** web-vitals' INP for the page so far (NaN before any interaction over 16 ms). */
  inp: number;
  /** Interactions over the 16 ms reporting floor of Event Timing, in order. */
  interactions: { kind: 'key' | 'pointer'; duration: number }[];
}

export async function readVitals(page: Page): Promise<Vitals> {
  return page.evaluate(() => {
    const v = (
      window as unknown as {
        __vitals: Omit<Vitals, 'interactions'> & { interactions: Map<number, Vitals['interactions'][0]> };
      }
    ).__vitals;
    return { ...v, interactions: [...v.interactions.values()] };
  });
}

/** BENCH_READY_POLL=1: wait for "ready" with Playwright's locator, as the bench did until 2026-11-30 (see drawn). */
const READY_BY_POLLING = process.env.BENCH_READY_POLL === '1';

/**
 * A fresh context (empty cache) shaped like a phone, and a page in it slowed down as on one.
 * @param init - scripts to run in the page before the app (a session token)
 * @returns - also `drawn`, which waits until readyProbe's selector first matched, told by the page through a binding.
 *   Playwright's `locator.waitFor()` polls in the page at every animation frame: on the phone's slowed processor that
 *   was up to 35 ms of the page's main thread in the 0.2 s before its draw, and frames the page itself did not ask for.
 */
export async function phonePage(
  browser: Browser,
  init: { content: string }[] = [],
): Promise<{
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  log: NetworkLog;
  drawn: (selector: string) => Promise<void>;
}> {
  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  context.setDefaultTimeout(60_000);
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  await context.addInitScript({ content: VITALS_PROBE });
  for (const script of init) await context.addInitScript(script);
  const page = await context.newPage();
  let told: () => void = () => undefined;
  const tell = new Promise<void>((resolve) => (told = resolve));
  await page.exposeFunction('__benchReady', () => told());
  const drawn = async (selector: string): Promise<void> => {
    if (READY_BY_POLLING) return page.locator(selector).first().waitFor();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${selector} not drawn within 60 s`)), 60_000);
    });
    await Promise.race([tell, late]).finally(() => clearTimeout(timer));
  };
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page, cdp, log: networkLog(cdp), drawn };
}

/**
 * Page script: when `selector` first matches, in the page's own clock (performance.now(), from the navigation's start),
 * seen by a MutationObserver, and told to the bench (phonePage's `drawn`). Playwright's waitFor sees it later on a
 * busy, throttled page (its polling waits for the main thread), by which time the files asked for after the page drew
 * (the flow machine) may have arrived too.
 */
export function readyProbe(selector: string): { content: string } {
  return {
    content: `(() => {
  const selector = ${JSON.stringify(selector)};
  const seen = () => {
    if (window.__readyAt !== undefined || !document.querySelector(selector)) return;
    window.__readyAt = performance.now();
    observer.disconnect();
    if (window.__benchReady) window.__benchReady();
  };
  const observer = new MutationObserver(seen);
  observer.observe(document, { childList: true, subtree: true, attributes: true });
})();`,
  };
}

/** @returns - ms from the navigation's start to the first match of readyProbe's selector (NaN if never). */
export async function readyAt(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __readyAt?: number }).__readyAt ?? Number.NaN);
}

/**
 * The transfers finished by a time of the page's clock, the document's request taken as its start (it follows the
 * navigation's start by a few ms: what finished in those ms is left out).
 * @param at - ms from the navigation's start (readyAt)
 */
export function finishedBy(transfers: Transfer[], at: number): Transfer[] {
  const documentStart = Math.min(...transfers.filter((t) => t.kind === 'html').map((t) => t.start));
  if (!Number.isFinite(documentStart) || !Number.isFinite(at)) return transfers;
  return transfers.filter((t) => (t.end - documentStart) * 1000 <= at);
}
