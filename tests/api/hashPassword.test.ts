import { scryptSync } from 'node:crypto';
import { hashPassword, hashPasswordWith, PASSWORD_PARAMS, verifyPassword } from '../../api/auth/hashPassword.ts';

// The db tests hash at a lower cost (tests/support/cheapPasswords.ts); this file, in `npm test`, holds production's.
describe('password hashing at the production cost', () => {
  it('stores scrypt N=16384, r=8, p=1 with a 16-byte salt and a 64-byte key that scrypt itself recomputes', async () => {
    expect(PASSWORD_PARAMS).toEqual({ N: 16384, r: 8, p: 1, keylen: 64 });
    const stored = await hashPassword('correct horse battery');
    const [scheme, N, r, p, salt, key] = stored.split('$');
    expect([scheme, N, r, p]).toEqual(['scrypt', '16384', '8', '1']);
    expect(Buffer.from(salt, 'base64')).toHaveLength(16);
    const expected = scryptSync('correct horse battery', Buffer.from(salt, 'base64'), 64, {
      N: 16384,
      r: 8,
      p: 1,
      maxmem: 64 * 1024 * 1024,
    });
    expect(Buffer.from(key, 'base64').equals(expected)).toBe(true);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
  });

  it('salts each hash, and verifies a hash of any cost by the cost it records', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
    const cheap = await hashPasswordWith('pw', { ...PASSWORD_PARAMS, N: 1024 });
    expect(cheap.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('pw', cheap)).toBe(true);
    expect(await verifyPassword('pw', undefined)).toBe(false);
  });
});
