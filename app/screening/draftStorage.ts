/**
 * Where drafts live (localStorage, `screening-draft:<client>:<step>`), and forgetting them: what logout and Start
 * Over need, kept apart from the drafts' reading and writing so the app's first bundle does not carry the engine.
 */
export const DRAFT_PREFIX = 'screening-draft:';

/** localStorage, or undefined where it is missing or refused. */
export function draftStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Forgets every unsaved answer of one client (Start Over), or of every client (logout: drafts may hold medical
 * answers, and the next person at this browser must not find them).
 */
export function clearDrafts(clientId?: string): void {
  const store = draftStorage();
  if (!store) return;
  const prefix = clientId === undefined ? DRAFT_PREFIX : `${DRAFT_PREFIX}${clientId}:`;
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const k = store.key(i);
    if (k?.startsWith(prefix)) keys.push(k);
  }
  for (const k of keys) store.removeItem(k);
}
