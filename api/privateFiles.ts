import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

/** Owner-only modes for everything under DATA_DIR: client data is nobody else's to read on a shared machine. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates a folder (and its parents) owner-only, and tightens it when it already exists (an older install).
 * @param dir - the folder
 */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}

/**
 * Makes a file owner-only: created empty when missing (with `create`), tightened when it exists.
 * @param path - the file
 * @param create - create it when missing (SQLite gives its -wal and -shm files the database file's mode, so
 *   creating app.db 0600 first keeps them 0600 too)
 */
export function ensurePrivateFile(path: string, create = false): void {
  if (create && !existsSync(path)) closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  if (existsSync(path)) chmodSync(path, PRIVATE_FILE_MODE);
}
