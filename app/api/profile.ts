import { apiRequest } from './client.ts';

/** The adviser's profile (api/profile/adviserProfile.ts). */
export interface AdviserProfile {
  full_name: string;
  licence_number: string;
  licence_provinces: string[];
  agency: string;
  adviser_codes: Record<string, string>;
}

/** GET /api/profile/: the profile (null until saved) and what it may name. */
export interface ProfileAnswer {
  profile: AdviserProfile | null;
  updated_at: string | null;
  insurers: { id: string; name: string }[];
  provinces: { id: string; name: string }[];
}

/** One change of the profile's trail. */
export interface ProfileChange {
  id: number;
  at: string;
  changes: { field: string; from: unknown; to: unknown }[];
}

/** The profile page and the plan step read it. @throws ApiError - "Failed to load your profile" */
export function getProfile(signal?: AbortSignal): Promise<ProfileAnswer> {
  return apiRequest<ProfileAnswer>('/api/profile/', { fallback: 'Failed to load your profile', signal });
}

/** PUT /api/profile/. @throws ApiError - 400 with the fields at fault in its body's `errors` */
export function saveProfile(profile: AdviserProfile): Promise<ProfileAnswer> {
  return apiRequest<ProfileAnswer>('/api/profile/', {
    method: 'PUT',
    body: profile,
    fallback: 'Failed to save your profile',
  });
}

/** GET /api/profile/history/: the profile's changes, newest first. */
export async function profileHistory(signal?: AbortSignal): Promise<ProfileChange[]> {
  const body = await apiRequest<{ results: ProfileChange[] }>('/api/profile/history/', {
    fallback: 'Failed to load the changes to your profile',
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
