import { textProblem } from '../../engine/index.ts';
import type { FieldError } from '../types.ts';
import type { AdviserProfile } from './adviserProfile.ts';

/** What a profile may name: the insurers of populate_forms and the provinces and territories of flow.json. */
export interface ProfileChoices {
  insurers: { id: string; name: string }[];
  provinces: string[];
}

/** What profileRequest lets through: the fields present, of their types, within their bounds. */
export type ProfileBody = Omit<AdviserProfile, 'adviser_codes'> & {
  adviser_codes?: Record<string, string | undefined>;
};

/**
 * The profile as stored, from a body its route schema (profileRequest) has already bounded: texts trimmed and in NFC,
 * blank adviser codes dropped (an insurer the adviser does not work with), or the texts the one text rule refuses
 * (invisible or broken characters), each named.
 */
export function validateProfile(
  body: ProfileBody,
): { profile: AdviserProfile; errors: [] } | { profile?: undefined; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const text = (field: string, value: string): string => {
    const broken = textProblem(value, false);
    if (broken) errors.push({ field, message: broken });
    return value.trim().normalize('NFC');
  };
  const adviser_codes: Record<string, string> = {};
  for (const [insurer, raw] of Object.entries(body.adviser_codes ?? {})) {
    const code = text(`adviser_codes.${insurer}`, raw ?? '');
    if (code) adviser_codes[insurer] = code;
  }
  const profile: AdviserProfile = {
    full_name: text('full_name', body.full_name),
    licence_number: text('licence_number', body.licence_number),
    licence_provinces: body.licence_provinces,
    agency: text('agency', body.agency),
    adviser_codes,
  };
  return errors.length ? { errors } : { profile, errors: [] };
}
