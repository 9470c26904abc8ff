import { defineConfig } from 'vitest/config';

/**
 * The walks: the files that go through the wizard's steps in steps/flow.json's order (seeding or answering every step
 * before the one under test, a step they do not know from its own example), so a definition edit (a new step, a
 * changed field) reaches them. TEST_SCOPE=definitions (CI's run on the drill copy, .ci/run) runs only these; the other
 * files (accounts, signing, sharing, lists, password reset...) hold no definitions of their own.
 */
const WALKS = ['accessibility', 'good-order', 'happy-path', 'people-in-good-order', 'screening-flow'].map(
  (name) => `tests/e2e/${name}.e2e.test.ts`,
);

// End-to-end tests: real Chromium (Debian's /usr/bin/chromium through playwright-core) against the production
// build in dist/app, served by the real API on a temporary database. Run after `npm run build`.
export default defineConfig({
  test: {
    globals: true,
    environment: 'node',
    include: process.env.TEST_SCOPE === 'definitions' ? WALKS : ['tests/e2e/**/*.e2e.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
