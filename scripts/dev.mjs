// `npm run dev`: the web app on Vite's dev server (WEB_PORT, 5173), which reloads the page when a step definition changes,
// and the API on API_PORT, 3000 (SQLite in DATA_DIR, with the demo account), started again when a definition, an insurer
// mapping or the server's code changes, so both follow a product-staff edit with no restart by hand. A broken
// definition is reported by the API, which then waits for the next edit. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { readdirSync, watch } from 'node:fs';
import { join } from 'node:path';

const WATCHED = ['steps', 'forms', 'api', 'engine'];
const apiEnv = {
  ...process.env,
  PORT: process.env.API_PORT ?? '3000',
  API_PORT: process.env.API_PORT ?? '3000',
  HOST: process.env.HOST ?? '127.0.0.1',
  // The dev server serves the app; the API serves only the API, never a stale dist/app.
  APP_DIR: '',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
};

let stopping = false;
let api;
let web;

function startApi() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], { stdio: 'inherit', env: apiEnv });
  child.on('exit', (code, signal) => {
    if (stopping || child !== api || signal === 'SIGTERM') return;
    if (code !== 0)
      console.error(
        `\nnpm run dev: the API stopped (exit ${code}); it starts again on the next change in ${WATCHED.join('/, ')}/.`,
      );
  });
  api = child;
}

let restarting = false;
let again = false;
/** Stops the API (it drains in-flight requests) and starts it on the files as they are now. */
async function restartApi(file) {
  if (restarting) {
    again = true;
    return;
  }
  restarting = true;
  console.log(`\nnpm run dev: ${file} changed; restarting the API.`);
  const old = api;
  if (old.exitCode === null && old.signalCode === null) {
    const exited = new Promise((resolve) => old.once('exit', resolve));
    old.kill('SIGTERM');
    await exited;
  }
  if (!stopping) startApi();
  restarting = false;
  // A change made while the API was stopping is not in the one just started.
  if (again) {
    again = false;
    restartApi(file);
  }
}

let timer;
const watched = new Set();
/**
 * Watches a folder and every folder under it, one watcher each: editors save by renaming a new file over the old
 * one, which a folder's watcher sees every time (a recursive watch on Linux loses the file after the first such
 * save). A folder created later is watched from its first event.
 */
function watchTree(dir) {
  if (watched.has(dir)) return;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  watched.add(dir);
  watch(dir, (_event, name) => {
    if (!name) return;
    const path = join(dir, name);
    // Examples feed Storybook and tests only; editors' backups are not definitions.
    if (/(^|\/)examples(\/|$)/.test(path) || name.endsWith('~') || name.endsWith('.swp')) return;
    watchTree(path);
    clearTimeout(timer);
    timer = setTimeout(() => restartApi(path), 150);
  });
  for (const entry of entries)
    if (entry.isDirectory() && entry.name !== 'node_modules') watchTree(join(dir, entry.name));
}
for (const dir of WATCHED) watchTree(dir);

function stop(code) {
  if (stopping) return;
  stopping = true;
  const running = [api, web].filter((c) => c && c.exitCode === null && c.signalCode === null);
  for (const child of running) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 5000).unref();
  Promise.all(running.map((c) => new Promise((resolve) => c.once('exit', resolve)))).then(() => process.exit(code));
}
process.once('SIGINT', () => stop(0));
process.once('SIGTERM', () => stop(0));

startApi();
web = spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' });
web.on('exit', (code) => {
  if (!stopping) {
    console.error(`\nnpm run dev: the web app's dev server stopped (exit ${code}); stopping the API.`);
    stop(code ?? 1);
  }
});
