import { i18n } from '../i18n/language.ts';
import 'virtual:messages/en/common';
import { apiRequest } from './client.ts';
import type { Session, SessionList, SignedOut } from './schema.gen.ts';

export type { Session };

/** GET /api/sessions/: where the account is signed in, the last used first. */
export async function listSessions(signal?: AbortSignal): Promise<Session[]> {
  const body = await apiRequest<SessionList>('/api/sessions/', {
    fallback: i18n._('common.api.loadSessions'),
    signal,
  });
  return body.results;
}

/** DELETE /api/sessions/{id}/: signs one session out. */
export async function signOutSession(id: string): Promise<void> {
  await apiRequest(`/api/sessions/${encodeURIComponent(id)}/`, {
    method: 'DELETE',
    fallback: i18n._('common.api.signOutSession'),
  });
}

/** POST /api/sessions/sign-out-others/: every session but this one. @returns - how many ended */
export async function signOutOthers(): Promise<number> {
  const body = await apiRequest<SignedOut>('/api/sessions/sign-out-others/', {
    method: 'POST',
    fallback: i18n._('common.api.signOutOthers'),
  });
  return body.ended;
}
