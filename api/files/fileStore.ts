import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../privateFiles.ts';

/** A stored file. */
export interface StoredFile {
  bytes: Uint8Array;
  contentType: string;
}

/**
 * Where generated documents live. Keys are relative, slash-separated names such as
 * `generations/<id>/bmo.pdf`. The server never builds a path or an object name itself.
 */
export interface FileStore {
  /** Writes (or replaces) one file; resolves once it is durable. */
  put(key: string, bytes: Uint8Array, contentType?: string): Promise<void>;
  /** The file, or undefined when there is none. */
  get(key: string): Promise<StoredFile | undefined>;
  /** Removes a file; no error when it is missing. */
  delete(key: string): Promise<void>;
}

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Refuses keys that could leave the store (`..`, absolute paths, odd characters). */
export function checkKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.'))
    throw new Error(`invalid file key "${key}"`);
  return key;
}

/** The content type a key's extension implies. */
export function contentTypeOf(key: string): string {
  if (key.endsWith('.pdf')) return 'application/pdf';
  if (key.endsWith('.json')) return 'application/json';
  return 'application/octet-stream';
}

/**
 * The default store: files under `<dataDir>/files/<key>`, written to a temporary name and renamed,
 * so a reader never sees half a file. Files are 0600 in 0700 folders; deleting a folder's last file removes the
 * folder. The content type follows the key's extension.
 * @param dataDir - DATA_DIR (the SQLite database lives beside it, in app.db)
 * @example const store = createDiskFileStore(process.env.DATA_DIR ?? './data');
 */
export function createDiskFileStore(dataDir: string): FileStore {
  const root = resolve(dataDir, 'files');
  const pathOf = (key: string): string => {
    const path = resolve(root, ...checkKey(key).split('/'));
    if (!path.startsWith(root + sep)) throw new Error(`invalid file key "${key}"`);
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: PRIVATE_DIR_MODE });
      const tmp = join(dirname(path), `.${randomUUID()}.tmp`);
      await writeFile(tmp, bytes, { mode: PRIVATE_FILE_MODE });
      await rename(tmp, path);
    },
    async get(key) {
      try {
        return { bytes: new Uint8Array(await readFile(pathOf(key))), contentType: contentTypeOf(key) };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw e;
      }
    },
    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      // Empty folders go too (a generation's folder once its files are deleted); a folder still in use stays.
      for (let dir = dirname(path); dir.startsWith(root + sep); dir = dirname(dir)) {
        const removed = await rmdir(dir).then(
          () => true,
          () => false,
        );
        if (!removed) break;
      }
    },
  };
}

/** An in-memory store, for tests and benchmarks. */
export function createMemoryFileStore(): FileStore & { keys(): string[] } {
  const files = new Map<string, StoredFile>();
  return {
    async put(key, bytes, contentType) {
      files.set(checkKey(key), { bytes, contentType: contentType ?? contentTypeOf(key) });
    },
    async get(key) {
      return files.get(checkKey(key));
    },
    async delete(key) {
      files.delete(checkKey(key));
    },
    keys: () => [...files.keys()],
  };
}

// ---------------------------------------------------------------------------
// S3-compatible storage (AWS S3, MinIO, Cloudflare R2, Ceph RGW…): the scale-out path. No SDK is bundled;
// the deployment passes a client with these three calls (see api/pdf/README.md for the @aws-sdk/client-s3 wiring).

/** The three object calls the store needs, shaped like @aws-sdk/client-s3's commands' inputs and outputs. */
export interface S3ObjectClient {
  putObject(input: { Bucket: string; Key: string; Body: Uint8Array; ContentType: string }): Promise<unknown>;
  /** The object's bytes and content type, or undefined when the key does not exist (NoSuchKey). */
  getObject(input: { Bucket: string; Key: string }): Promise<{ Body: Uint8Array; ContentType?: string } | undefined>;
  deleteObject(input: { Bucket: string; Key: string }): Promise<unknown>;
}

export interface S3FileStoreOptions {
  client: S3ObjectClient;
  bucket: string;
  /** Prepended to every key, e.g. "insure-wizard/prod/". */
  prefix?: string;
}

/**
 * A FileStore over an S3-compatible bucket. Downloads still go through the API (which checks that the
 * adviser owns the client), so the bucket stays private and needs no public or pre-signed URLs.
 */
export function createS3FileStore(options: S3FileStoreOptions): FileStore {
  const objectKey = (key: string): string => `${options.prefix ?? ''}${checkKey(key)}`;
  return {
    async put(key, bytes, contentType) {
      await options.client.putObject({
        Bucket: options.bucket,
        Key: objectKey(key),
        Body: bytes,
        ContentType: contentType ?? contentTypeOf(key),
      });
    },
    async get(key) {
      const object = await options.client.getObject({ Bucket: options.bucket, Key: objectKey(key) });
      return object ? { bytes: object.Body, contentType: object.ContentType ?? contentTypeOf(key) } : undefined;
    },
    async delete(key) {
      await options.client.deleteObject({ Bucket: options.bucket, Key: objectKey(key) });
    },
  };
}
