import { i18n } from '../i18n/language.ts';
import 'virtual:messages/en/common';
import { apiRequest } from './client.ts';
import type { AdviserProfile, ProfileAnswer, ProfileChanges } from './schema.gen.ts';

export type { AdviserProfile, ProfileAnswer };

/** One change of the profile's trail. */
export type ProfileChange = ProfileChanges['results'][number];

/** The profile page and the plan step read it. @throws ApiError - "Failed to load your profile" */
export function getProfile(signal?: AbortSignal): Promise<ProfileAnswer> {
  return apiRequest<ProfileAnswer>('/api/profile/', { fallback: i18n._('common.api.loadProfile'), signal });
}

/** PUT /api/profile/. @throws ApiError - 400 with the fields at fault in its body's `errors` */
export function saveProfile(profile: AdviserProfile): Promise<ProfileAnswer> {
  return apiRequest<ProfileAnswer>('/api/profile/', {
    method: 'PUT',
    body: profile,
    fallback: i18n._('common.api.saveProfile'),
  });
}

/** GET /api/profile/history/: the profile's changes, newest first. */
export async function profileHistory(signal?: AbortSignal): Promise<ProfileChange[]> {
  const body = await apiRequest<{ results: ProfileChange[] }>('/api/profile/history/', {
    fallback: i18n._('common.api.loadProfileChanges'),
    signal,
  });
  return body.results;
}

/**
 * The insurers the adviser works with: those the profile holds an adviser code for; every insurer while it holds none
 * (no profile yet), so the plan step never offers nothing.
 */
export function insurersWorkedWith(answer: ProfileAnswer | null): string[] | null {
  const codes = Object.entries(answer?.profile?.adviser_codes ?? {}).filter(([, code]) => code.trim());
  return codes.length ? codes.map(([id]) => id) : null;
}
