/**
 * The server's judgement of the answered steps, as it sent the application (`$incomplete`): the step list marks a
 * step whose definition is not loaded with it, so a step opened directly does not download every answered step's
 * definition to mark the list. It holds only for the data it came with: kept by that object, never copied.
 */
import type { ApplicationData } from '../../engine/index.ts';

const judged = new WeakMap<ApplicationData, ReadonlySet<string>>();

/** Keeps the server's `$incomplete` for the application data it came with. */
export function rememberIncomplete(data: ApplicationData, incomplete: unknown): void {
  if (!Array.isArray(incomplete)) return;
  judged.set(data, new Set(incomplete.filter((id): id is string => typeof id === 'string')));
}

/** @returns - the steps the server found incomplete in exactly this data as loaded; undefined once it changed */
export function incompleteAsLoaded(data: ApplicationData): ReadonlySet<string> | undefined {
  return judged.get(data);
}
