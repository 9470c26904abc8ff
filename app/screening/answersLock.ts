/**
 * The server's word that the answers cannot change now (`$locked` of GET /api/screening/{id}/: an insurer holds the
 * application). The app never judges it: the life cycle decides on the server. Kept by the data object it came
 * with, as `$incomplete` is (incompleteAsLoaded).
 */
import type { ApplicationData } from '../../engine/index.ts';

/** Why the answers are locked, in the language asked, and the application whose page can free them. */
export interface AnswersLock {
  message: string;
  applicationId: number;
  /** The language the message was asked in (another one shown: ask again). */
  language: string;
}

const locks = new WeakMap<ApplicationData, AnswersLock>();

/** Keeps the server's `$locked` for the application data it came with (null or a bad shape: not locked). */
export function rememberLock(data: ApplicationData, locked: unknown, language: string): void {
  if (!locked || typeof locked !== 'object') return;
  const { message, applicationId } = locked as Record<string, unknown>;
  if (typeof message === 'string' && typeof applicationId === 'number')
    locks.set(data, { message, applicationId, language });
}

/** @returns - the lock the server answered with this data as loaded; null when the answers may change */
export function lockAsLoaded(data: ApplicationData): AnswersLock | null {
  return locks.get(data) ?? null;
}
