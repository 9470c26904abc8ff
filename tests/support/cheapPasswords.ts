import { vi } from 'vitest';

/**
 * The db project's servers hash every sign-up's and every password change's password at a test-only scrypt cost
 * (N = 1024, 128 times cheaper: about 3 ms a hash instead of 130 ms here); the db tests sign up hundreds of advisers.
 * Production's cost is untouched (api/auth/hashPassword.ts's PASSWORD_PARAMS) and tests/api/hashPassword.test.ts
 * proves it. verifyPassword reads the cost from the stored hash, so login checks these hashes as production checks
 * its own; an unknown account's dummy check keeps the production cost.
 */
vi.mock('../../api/auth/hashPassword.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../api/auth/hashPassword.ts')>();
  const TEST_PARAMS = { ...actual.PASSWORD_PARAMS, N: 1024 };
  return { ...actual, hashPassword: (password: string) => actual.hashPasswordWith(password, TEST_PARAMS) };
});
