import { readFileSync, readdirSync, realpathSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { searchForWorkspaceRoot } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { stepModulesPlugin } from './scripts/stepModulesPlugin.ts';
import { messagesPlugin } from './scripts/messagesPlugin.ts';

/** Debian's Chromium, never a downloaded browser. */
const chromiumArgs = [
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

/**
 * The tests that start the server or open a database (SQLite and PostgreSQL): `npm run test:db`. The server's tests
 * are tests/api/ (but for the pure ones named here) and the few named below. Everything else under tests/ (engine,
 * steps, flow, renderer, app, PDFs: no database, no browser) is `npm test`, the fast loop; its setup file refuses a
 * database, so a test that needs one is listed here rather than slowing that loop down.
 */
const PURE_API_TESTS = new Set([
  'tests/api/diffRecords.test.ts',
  'tests/api/hashPassword.test.ts',
  'tests/api/openapiBuild.test.ts',
  'tests/api/pageWindow.test.ts',
]);
const OTHER_DB_TESTS = new Set([
  'tests/authoring/drills.test.ts',
  'tests/pdf/routes.test.ts',
  'tests/pdf/fileStore.test.ts',
]);
const needsDatabase = (file: string) =>
  (file.startsWith('tests/api/') && !PURE_API_TESTS.has(file)) || OTHER_DB_TESTS.has(file);
/**
 * TEST_SCOPE=definitions (CI's run on a copy with a product-staff drill applied, .ci/run): the unit files a definition
 * edit can affect, those of the folders whose tests read steps/ or forms/ (the engine's over the real steps, their
 * examples and lint; steps, flow, renderer, app, PDFs, the plan catalogues, the scan of tests for steps' texts). The
 * server's pure helpers and the signing primitives read none.
 */
const DEFINITION_FOLDERS = /^tests\/(engine|steps|flow|renderer|app|pdf|catalogue|authoring)\//;
const inScope = (file: string) => process.env.TEST_SCOPE !== 'definitions' || DEFINITION_FOLDERS.test(file);
/** The vitest files of tests/ (end-to-end and cluster tests have configs of their own). */
const testFiles = readdirSync(fileURLToPath(new URL('./tests', import.meta.url)), { recursive: true, encoding: 'utf8' })
  .map((file) => `tests/${file.split(sep).join('/')}`)
  .filter((file) => /\.test\.tsx?$/.test(file) && !/^tests\/(e2e|cluster)\//.test(file));

/**
 * The files that draw pages on jsdom (`// @vitest-environment jsdom`): the renderer's and the app's, `npm run test:dom`.
 * They cost two thirds of the unit tests' CPU (React's development build and jsdom in each file), so the fast loop,
 * `npm test`, is the rest: the engine, steps, flow, PDFs, catalogues and authoring, with no DOM, no database and no
 * browser (docs/decisions/testing-fast-loop-without-the-dom.md).
 */
const drawsPages = (file: string) => /@vitest-environment jsdom/.test(readFileSync(file, 'utf8').slice(0, 400));

/** The story tests' project: every story in Chromium, with a setup file (the language they are drawn in). */
function storybookProject(name: string, setupFile: string) {
  return {
    // Every story is a test, run in Chromium: it renders with no console error, its play function passes
    // (each step's "Fill one, clear another"), and axe-core finds no serious violation (.storybook/preview.tsx).
    plugins: [storybookTest({ configDir: '.storybook' })],
    // The browser may load node_modules where it really is: a copy of the project (CI's drill run) links it.
    server: { fs: { allow: [searchForWorkspaceRoot(process.cwd()), realpathSync('node_modules')] } },
    test: {
      name,
      setupFiles: [setupFile],
      testTimeout: 60000,
      browser: {
        enabled: true,
        headless: true,
        provider: playwright({ launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs } }),
        instances: [{ browser: 'chromium' as const }],
      },
    },
  };
}

/**
 * Vitest's default is one worker fewer than the cores (the main thread transforms): one worker on this 2-core machine
 * and in CI, the second core idle while a test waits on a timer, a socket or PostgreSQL. A worker per core, for the
 * unit and db projects: the unit project 689 s wall before, 427 s after at load 11; ten db files 130 s before, 70 s
 * after at load 7; the same CPU (bench/README.md "Fast loop, part 4").
 */
const nodeProject = {
  globals: true,
  environment: 'node' as const,
  testTimeout: 30000,
  hookTimeout: 60000,
  maxWorkers: availableParallelism(),
};

/**
 * A VM context per file in long-lived worker threads: each file still gets fresh modules and a fresh jsdom, but no new
 * worker, and jsdom's setup is not paid again per file (the unit tests' environment phase 33 s -> 4 s summed, their
 * CPU 207 s -> 146 s; bench/README.md "Fast loop, part 7"). Neither project loads a native addon.
 */
const inVmContexts = { pool: 'vmThreads' as const };

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react(), stepModulesPlugin(), messagesPlugin()],
        test: {
          ...nodeProject,
          name: 'unit',
          ...inVmContexts,
          include: testFiles.filter((file) => !needsDatabase(file) && !drawsPages(file) && inScope(file)),
          setupFiles: ['tests/support/noDatabase.ts'],
        },
      },
      {
        plugins: [react(), stepModulesPlugin(), messagesPlugin()],
        test: {
          ...nodeProject,
          name: 'dom',
          ...inVmContexts,
          include: testFiles.filter((file) => !needsDatabase(file) && drawsPages(file) && inScope(file)),
          setupFiles: ['tests/support/noDatabase.ts'],
        },
      },
      {
        plugins: [react(), stepModulesPlugin(), messagesPlugin()],
        test: {
          ...nodeProject,
          name: 'db',
          include: testFiles.filter(needsDatabase),
          setupFiles: ['tests/support/cheapPasswords.ts'],
        },
      },
      storybookProject('storybook', '.storybook/vitest.setup.ts'),
      // The same stories with the app in French (the locale global's other value): `--project storybook-fr`.
      storybookProject('storybook-fr', '.storybook/vitest.setup.fr.ts'),
    ],
  },
});
