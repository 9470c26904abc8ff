import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/** The prefix of a sealed value in a stored record: a plain answer never starts with it (checked on write). */
export const SEALED_PREFIX = '$sealed:v1:';

/** The first bytes of a sealed file: a PDF starts with `%PDF-`, a manifest with `{`, never with these. */
const SEALED_FILE = Buffer.from('$sealed-file:v1\n', 'utf8');

export interface SecretBox {
  /** AES-256-GCM: a fresh 12-byte IV, the tag, the ciphertext of the JSON value, bound to `context`. */
  seal(value: unknown, context: string): string;
  /** The value sealed under this context; throws when the key or the context differ or the text was changed. */
  open(sealed: string, context: string): unknown;
  /** A whole file sealed (AES-256-GCM, bound to `context`): the SEALED_FILE prefix, IV, tag, ciphertext. */
  sealBytes(bytes: Uint8Array, context: string): Uint8Array;
  /** The file sealed under this context; throws when the key or the context differ or the bytes were changed. */
  openBytes(sealed: Uint8Array, context: string): Uint8Array;
  /** HMAC of a fixed text: tells whether the key is the one a database was sealed with, without revealing it. */
  fingerprint: string;
}

/** True for a value written by `seal`. */
export function isSealed(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(SEALED_PREFIX);
}

/** True for bytes written by `sealBytes`. */
export function isSealedFile(bytes: Uint8Array): boolean {
  return bytes.length >= SEALED_FILE.length && SEALED_FILE.equals(bytes.subarray(0, SEALED_FILE.length));
}

/**
 * Seals and opens single values with one 32-byte key (node:crypto, AES-256-GCM).
 * @param key - 32 bytes
 */
export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secret key must be 32 bytes');
  /** IV, tag and ciphertext of the plain bytes, bound to the context. */
  const encrypt = (plain: Uint8Array, context: string): Buffer => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  };
  const decrypt = (bytes: Uint8Array, context: string): Buffer => {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
  };
  return {
    seal(value, context) {
      return SEALED_PREFIX + encrypt(Buffer.from(JSON.stringify(value), 'utf8'), context).toString('base64url');
    },
    open(sealed, context) {
      const bytes = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
      return JSON.parse(decrypt(bytes, context).toString('utf8')) as unknown;
    },
    sealBytes(bytes, context) {
      return new Uint8Array(Buffer.concat([SEALED_FILE, encrypt(bytes, context)]));
    },
    openBytes(sealed, context) {
      return new Uint8Array(decrypt(sealed.subarray(SEALED_FILE.length), context));
    },
    fingerprint: createHmac('sha256', key).update('insure secret key check v1').digest('hex').slice(0, 32),
  };
}
