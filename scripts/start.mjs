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

const built = 'dist/app/index.html';
const stale = !existsSync(built) || ['app', 'renderer', 'engine', 'steps', 'scripts'].some((d) => existsSync(d) && newest(d) > statSync(built).mtimeMs);
if (stale) {
  console.log('Building the web app…');
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/stepsCheck.ts'], { stdio: 'inherit' });
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
}
register();
await import('../api/main.ts');
