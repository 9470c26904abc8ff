/**
 * The two versions bench/ui.ts compares: this tree's production build, and "before", an older commit's (by default
 * the last commit before issue 32's work; BENCH_BEFORE=<git ref> picks another, BENCH_BEFORE=none skips it). The older
 * tree is extracted with `git archive` into .tmp/bench-before/<commit>/ and built once there with its own Vite
 * config; it resolves packages from this tree's node_modules. Each version is served by its own tree's API server.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** main before issue 32 (compression, caching, the weight budgets). */
export const BEFORE_ISSUE_32 = '1286757ced003b03953255892dfbe5728270e3be';

function git(root: string, args: string[]): string {
  const r = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

/**
 * The older commits' trees with their apps built (dist/app), built when missing: BENCH_BEFORE names one ref or
 * several separated by commas (the commit before issue 28's texts and the one before a change, in one run).
 * @returns - each tree and its commit's short name; none when BENCH_BEFORE=none
 */
export function beforeTrees(root: string): { tree: string; label: string }[] {
  const refs = (process.env.BENCH_BEFORE ?? BEFORE_ISSUE_32).split(',').filter((ref) => ref && ref !== 'none');
  return refs.map((ref) => beforeTree(root, ref));
}

function beforeTree(root: string, ref: string): { tree: string; label: string } {
  const sha = git(root, ['rev-parse', '--verify', `${ref}^{commit}`]);
  const label = `before (${sha.slice(0, 7)})`;
  const tree = join(root, '.tmp/bench-before', sha);
  if (existsSync(join(tree, 'dist/app/index.html'))) return { tree, label };
  console.log(`ui: building ${label} with its own Vite config into .tmp/bench-before/${sha.slice(0, 7)}...`);
  rmSync(tree, { recursive: true, force: true });
  mkdirSync(tree, { recursive: true });
  const archive = spawnSync('sh', ['-c', `git archive ${sha} | tar -x -C "${tree}"`], { cwd: root, stdio: 'inherit' });
  if (archive.status !== 0) throw new Error(`git archive ${sha} failed`);
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: tree, stdio: 'inherit' });
  if (build.status !== 0 || !existsSync(join(tree, 'dist/app/index.html'))) throw new Error(`${label}: build failed`);
  return { tree, label };
}

export interface Served {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Starts a tree's API server in a child process, serving a copy of `appDir` (a rebuild during the run changes
 * nothing) on a temporary SQLite database.
 */
export async function serveTree(root: string, tree: string, appDir: string): Promise<Served> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-ui-data-'));
  const appCopy = mkdtempSync(join(tmpdir(), 'bench-ui-app-'));
  cpSync(appDir, appCopy, { recursive: true });
  const env = { ...process.env };
  // A temporary SQLite database and no shared Redis, whatever the environment names.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'bench/ui/serveTree.ts'), tree, appCopy, dataDir],
    { cwd: root, env, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((done, fail) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => done((JSON.parse(line) as { url: string }).url));
    child.once('exit', (code) => fail(new Error(`the server of ${tree} stopped (${code})`)));
  });
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(appCopy, { recursive: true, force: true });
    },
  };
}
