/**
 * The version of each step record this window last saw (the server's ETag), sent back as If-Match so a save never
 * silently replaces what another window saved in between.
 */
const seen = new Map<string, number>();
/** Clients whose application this window loaded: a step with no record there is version 0 (none saved yet). */
const loaded = new Set<string>();
const key = (clientId: string, stepId: string): string => `${clientId}\u0000${stepId}`;

/** Forgets what a window saw of a client (or of every client). */
export function forgetVersions(clientId?: string): void {
  if (clientId === undefined) {
    seen.clear();
    loaded.clear();
    return;
  }
  loaded.delete(clientId);
  for (const k of [...seen.keys()]) if (k.startsWith(`${clientId}\u0000`)) seen.delete(k);
}

/** Remembers every step's version from a loaded application (`$versions`), replacing what was seen before. */
export function rememberVersions(clientId: string, versions: unknown): void {
  forgetVersions(clientId);
  loaded.add(clientId);
  const given = versions && typeof versions === 'object' ? (versions as Record<string, unknown>) : {};
  for (const [stepId, raw] of Object.entries(given)) {
    const version = Number(raw);
    if (Number.isInteger(version) && version >= 0) seen.set(key(clientId, stepId), version);
  }
}

/** The version this window saw: 0 for a step of a loaded application with no record, undefined when unknown. */
export function versionSeen(clientId: string, stepId: string): number | undefined {
  return seen.get(key(clientId, stepId)) ?? (loaded.has(clientId) ? 0 : undefined);
}

/** Remembers a version from an ETag header (`"7"`); ignores anything else. */
export function rememberEtag(clientId: string, stepId: string, etag: string | null): void {
  const match = etag ? /^(?:W\/)?"(\d+)"$/.exec(etag) : null;
  if (match) seen.set(key(clientId, stepId), Number(match[1]));
}
