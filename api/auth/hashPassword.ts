import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's cost in production: every password stored by the server is hashed with these. */
export const PASSWORD_PARAMS: ScryptParams = { N: 16384, r: 8, p: 1, keylen: 64 };

/** scrypt's cost parameters and the key's length in bytes. */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
  keylen: number;
}

function scryptAsync(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/**
 * Hashes a password with scrypt (memory-hard) and a random salt, at the given cost (the hash records it, so
 * verifyPassword checks any cost).
 * @param password - the plain password
 * @param params - scrypt's cost and key length
 * @returns - `scrypt$N$r$p$salt$hash`, salt and hash in base64
 */
export async function hashPasswordWith(password: string, params: ScryptParams): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, params.keylen, {
    N: params.N,
    r: params.r,
    p: params.p,
    maxmem: 64 * 1024 * 1024,
  });
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/**
 * Hashes a password with scrypt at the production cost (PASSWORD_PARAMS) and a random salt.
 * @param password - the plain password
 * @returns - `scrypt$N$r$p$salt$hash`, salt and hash in base64
 */
export function hashPassword(password: string): Promise<string> {
  return hashPasswordWith(password, PASSWORD_PARAMS);
}

/**
 * Checks a password against a stored hash in constant time.
 * @param password - the plain password
 * @param stored - a hash from hashPassword, or undefined (a dummy hash is then checked, to take the same time)
 * @returns - true when they match
 */
export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const parts = (stored ?? DUMMY).split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  const key = await scryptAsync(password, salt, expected.length, { N, r, p, maxmem: 64 * 1024 * 1024 });
  return stored !== undefined && key.length === expected.length && timingSafeEqual(key, expected);
}

const DUMMY = `scrypt$${PASSWORD_PARAMS.N}$${PASSWORD_PARAMS.r}$${PASSWORD_PARAMS.p}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(64).toString('base64')}`;
