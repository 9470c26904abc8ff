// `npm start`: builds the web app when dist/app is missing or older than its sources, then serves the API
// and the app from one process on PORT (default 3000), on SQLite in DATA_DIR (default ./data) unless
// DATABASE_URL points at PostgreSQL.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';

function newest(dir) {
  let latest = 0;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules') continue;
    const p = join(dir, name);
    const st = statSync(p);
    latest = Math.max(latest, st.isDirectory() ? newest(p) : st.mtimeMs);
  }
  return latest;
}

/** Runs a step of the start; a failure has printed its own report, so it ends the start with no stack trace. */
function run(args, what) {
  try {
    execFileSync(process.execPath, args, { stdio: 'inherit' });
  } catch {
    console.error(`\nnpm start stopped: ${what}.`);
    process.exit(1);
  }
}

// The definitions are checked on every start: a broken step file is reported with its path, and the server does not start.
run(['--import', 'tsx', 'scripts/stepsCheck.ts'], 'fix the definitions reported above, then run it again');
const built = 'dist/app/index.html';
const stale =
  !existsSync(built) ||
  ['app', 'renderer', 'engine', 'steps', 'scripts'].some((d) => existsSync(d) && newest(d) > statSync(built).mtimeMs);
if (stale) {
  console.log('Building the web app…');
  run(['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], 'the web app did not build');
}
register();
try {
  await import('../api/main.ts');
} catch (e) {
  console.error(`npm start stopped: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
