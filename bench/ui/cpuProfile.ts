/**
 * Where a page's processor time goes before it is drawn (issue 32): a Chromium trace from the navigation until the
 * page drew, its main thread's time summed by what ran (self time: compiling, running scripts, style, layout, paint,
 * garbage collection). Turned on with BENCH_UI_PROFILE=1; the traces are written to .tmp/bench-ui-profile/, to open in
 * DevTools' Performance panel.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'blink',
  'loading',
  'toplevel',
];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; frame?: string } };
}

/** Starts tracing the page; call before the navigation. */
export async function startProfile(browser: Browser, page: Page): Promise<void> {
  await browser.startTracing(page, { categories: CATEGORIES, screenshots: false });
}

const shortUrl = (url: string | undefined): string => (url ? url.replace(/^.*\//, '').replace(/\?.*$/, '') : '');

/**
 * Stops the trace, writes it and prints the main thread's self time by kind of work, from the navigation to `untilMs`
 * (the page's clock, from the navigation's start), and the scripts' own time by file.
 */
export async function stopProfile(browser: Browser, dir: string, name: string, untilMs: number): Promise<void> {
  const buffer = await browser.stopTracing();
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.json`), buffer);
  const { traceEvents } = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
  // The page's renderer: the main thread that worked most (the blank page before the navigation has its own).
  const work = new Map<string, number>();
  for (const e of traceEvents)
    if (e.ph === 'X') work.set(`${e.pid}:${e.tid}`, (work.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
  const main = traceEvents
    .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .sort((a, b) => (work.get(`${b.pid}:${b.tid}`) ?? 0) - (work.get(`${a.pid}:${a.tid}`) ?? 0))[0];
  if (!main) {
    console.log(`ui: ${name}: no renderer main thread in the trace`);
    return;
  }
  // Tracing starts just before the navigation: near enough to the page clock's zero.
  const start = traceEvents.find((e) => e.name === 'TracingStartedInBrowser')?.ts;
  const events = traceEvents
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const origin = start ?? events[0]?.ts ?? 0;
  const end = origin + untilMs * 1000;
  const byKind = new Map<string, number>();
  const byScript = new Map<string, number>();
  const stack: { e: TraceEvent; end: number; self: number; url: string }[] = [];
  let busy = 0;
  const close = (upTo: number) => {
    while (stack.length && stack[stack.length - 1].end <= upTo) {
      const done = stack.pop();
      if (!done) break;
      const key = done.e.name;
      byKind.set(key, (byKind.get(key) ?? 0) + done.self);
      if (done.url && /FunctionCall|EvaluateScript|v8\.run|V8\.Execute|TimerFire|RunMicrotasks/.test(key))
        byScript.set(done.url, (byScript.get(done.url) ?? 0) + done.self);
    }
  };
  for (const e of events) {
    if (e.ts > end) break;
    close(e.ts);
    const dur = Math.min(e.dur ?? 0, end - e.ts) / 1000;
    const parent = stack[stack.length - 1];
    if (parent) parent.self -= dur;
    else busy += dur;
    const url = shortUrl(e.args?.data?.url) || parent?.url || '';
    stack.push({ e, end: e.ts + (e.dur ?? 0), self: dur, url });
  }
  close(Number.POSITIVE_INFINITY);
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .filter(([, v]) => v >= 1)
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `    ${v.toFixed(0).padStart(6)} ms  ${k}`)
      .join('\n');
  console.log(`ui: ${name}: main thread busy ${busy.toFixed(0)} ms before drawn (${untilMs.toFixed(0)} ms); by work:`);
  console.log(top(byKind, 16));
  console.log('  scripts, by file:');
  console.log(top(byScript, 8));
}
