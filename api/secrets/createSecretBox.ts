import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/** The prefix of a sealed value in a stored record: a plain answer never starts with it (checked on write). */
export const SEALED_PREFIX = '$sealed:v1:';

export interface SecretBox {
  /** AES-256-GCM: a fresh 12-byte IV, the tag, the ciphertext of the JSON value, bound to `context`. */
  seal(value: unknown, context: string): string;
  /** The value sealed under this context; throws when the key or the context differ or the text was changed. */
  open(sealed: string, context: string): unknown;
  /** HMAC of a fixed text: tells whether the key is the one a database was sealed with, without revealing it. */
  fingerprint: string;
}

/** True for a value written by `seal`. */
export function isSealed(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(SEALED_PREFIX);
}

/**
 * Seals and opens single values with one 32-byte key (node:crypto, AES-256-GCM).
 * @param key - 32 bytes
 */
export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secret key must be 32 bytes');
  return {
    seal(value, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(sealed, context) {
      const bytes = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(bytes.subarray(12, 28));
      const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
      return JSON.parse(text) as unknown;
    },
    fingerprint: createHmac('sha256', key).update('insure secret key check v1').digest('hex').slice(0, 32),
  };
}
