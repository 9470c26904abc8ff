import { readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { ensurePrivateDir, ensurePrivateFile, PRIVATE_FILE_MODE } from '../privateFiles.ts';

/** Where the generated key lives when SECRET_KEY is not set. */
export const KEY_FILE = 'secret.key';

const FORMAT = 'SECRET_KEY must be 32 random bytes, written as 64 hex digits or in base64 (openssl rand -hex 32)';

/**
 * Reads a 32-byte key written as 64 hex digits or as base64 (standard or URL-safe, padded or not).
 * @param text - the key as written
 * @param source - where it came from, for the message
 * @throws - an Error saying the expected format, never echoing the key
 */
export function parseSecretKey(text: string, source = 'SECRET_KEY'): Buffer {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes.length === 32) return bytes;
  }
  throw new Error(`${source} is not a usable key. ${FORMAT}.`);
}

/**
 * The key that seals secret answers: SECRET_KEY when set, else DATA_DIR/secret.key, generated (0600) on first start.
 * @param options - secretKey: SECRET_KEY's value; dataDir: DATA_DIR
 * @returns - the key and where it came from
 */
export function loadSecretKey(options: { secretKey?: string; dataDir: string }): { key: Buffer; source: string } {
  if (options.secretKey !== undefined && options.secretKey.trim() !== '')
    return { key: parseSecretKey(options.secretKey), source: 'SECRET_KEY' };
  ensurePrivateDir(options.dataDir);
  const file = join(options.dataDir, KEY_FILE);
  try {
    // 'wx': two instances starting at once on one DATA_DIR never write two keys; the loser reads the winner's.
    writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: PRIVATE_FILE_MODE });
  } catch (err) {
    if ((err as { code?: string }).code !== 'EEXIST') throw err;
  }
  ensurePrivateFile(file);
  return { key: parseSecretKey(readFileSync(file, 'utf8'), file), source: file };
}
