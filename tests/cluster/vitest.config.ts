import { defineConfig } from 'vitest/config';

// The cluster test: HAProxy (Debian's package) in front of two server processes on PostgreSQL and Redis.
export default defineConfig({
  test: {
    globals: true,
    environment: 'node',
    include: ['tests/cluster/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
