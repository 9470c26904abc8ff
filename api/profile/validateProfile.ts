import { textProblem } from '../../engine/index.ts';
import type { FieldError } from '../types.ts';
import type { AdviserProfile } from './adviserProfile.ts';

/** What a profile may name: the insurers of populate_forms and the provinces and territories of flow.json. */
export interface ProfileChoices {
  insurers: { id: string; name: string }[];
  provinces: string[];
}

export const PROFILE_MESSAGES = {
  fullName: 'Please enter your full name',
  licenceNumber: 'Please enter your licence number',
  provinces: 'Please select at least one province or territory of licence',
  unknownProvince: 'Please select provinces and territories from the list',
  agency: 'Please enter your agency or MGA',
  tooLong: 'Please enter no more than {max} characters',
  code: 'An adviser code has letters, digits and dashes only',
  unknownInsurer: 'Unknown insurer',
} as const;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim().normalize('NFC') : '');

/**
 * Checks a profile as sent (PUT /api/profile/): every field named with the message the page shows under it.
 * Blank adviser codes are dropped (an insurer the adviser does not work with).
 * @returns the profile as stored, or the errors
 */
export function validateProfile(
  body: Record<string, unknown>,
  choices: ProfileChoices,
): { profile: AdviserProfile; errors: [] } | { profile?: undefined; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const required = (field: keyof AdviserProfile, message: string, max: number): string => {
    const value = text(body[field]);
    const broken = typeof body[field] === 'string' ? textProblem(body[field] as string, false) : undefined;
    if (broken) errors.push({ field, message: broken });
    else if (!value) errors.push({ field, message });
    else if (value.length > max)
      errors.push({ field, message: PROFILE_MESSAGES.tooLong.replace('{max}', String(max)) });
    return value;
  };
  const full_name = required('full_name', PROFILE_MESSAGES.fullName, 100);
  const licence_number = required('licence_number', PROFILE_MESSAGES.licenceNumber, 40);
  const rawProvinces = Array.isArray(body.licence_provinces) ? body.licence_provinces : [];
  const licence_provinces = [...new Set(rawProvinces.filter((p): p is string => typeof p === 'string'))];
  if (!licence_provinces.length) errors.push({ field: 'licence_provinces', message: PROFILE_MESSAGES.provinces });
  else if (licence_provinces.some((p) => !choices.provinces.includes(p)) || rawProvinces.length > 13)
    errors.push({ field: 'licence_provinces', message: PROFILE_MESSAGES.unknownProvince });
  const agency = required('agency', PROFILE_MESSAGES.agency, 120);
  const adviser_codes: Record<string, string> = {};
  const codes = body.adviser_codes && typeof body.adviser_codes === 'object' ? body.adviser_codes : {};
  for (const [insurer, raw] of Object.entries(codes as Record<string, unknown>)) {
    const field = `adviser_codes.${insurer}`;
    if (!choices.insurers.some((i) => i.id === insurer)) {
      errors.push({ field, message: PROFILE_MESSAGES.unknownInsurer });
      continue;
    }
    const code = text(raw);
    if (!code) continue;
    if (code.length > 30) errors.push({ field, message: PROFILE_MESSAGES.tooLong.replace('{max}', '30') });
    else if (!/^[A-Za-z0-9][A-Za-z0-9-]*$/.test(code)) errors.push({ field, message: PROFILE_MESSAGES.code });
    else adviser_codes[insurer] = code;
  }
  if (errors.length) return { errors };
  return { profile: { full_name, licence_number, licence_provinces, agency, adviser_codes }, errors: [] };
}
