import { defineConfig } from 'vitest/config';

// End-to-end tests: real Chromium (Debian's /usr/bin/chromium through playwright-core) against the production
// build in dist/app, served by the real API on a temporary database. Run after `npm run build`.
export default defineConfig({
  test: {
    globals: true,
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
