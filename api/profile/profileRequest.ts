import { Type } from 'typebox';
import type { ProfileChoices } from './validateProfile.ts';

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

const tooLong = (max: number): string => PROFILE_MESSAGES.tooLong.replace('{max}', String(max));

/** A required text: something other than spaces, at most `max` characters. */
const requiredText = (max: number, message: string, description?: string) =>
  Type.String({
    pattern: '\\S',
    maxLength: max,
    ...(description ? { description } : {}),
    errorMessage: { type: message, pattern: message, maxLength: tooLong(max) },
  });

/**
 * PUT /api/profile/'s body: the whole profile, bounded and named field by field with the profile page's messages.
 * Fastify refuses what it does not allow (each field in one 400); validateProfile then trims what it allows.
 * @param choices - the insurers a code may be given for, and the provinces and territories of licence
 */
export function profileRequest(choices: ProfileChoices) {
  const code = Type.String({
    maxLength: 30,
    pattern: '^\\s*([A-Za-z0-9][A-Za-z0-9-]*)?\\s*$',
    description: 'Letters, digits and dashes; blank: no code with this insurer',
    errorMessage: { type: PROFILE_MESSAGES.code, pattern: PROFILE_MESSAGES.code, maxLength: tooLong(30) },
  });
  return Type.Object(
    {
      full_name: requiredText(100, PROFILE_MESSAGES.fullName),
      licence_number: requiredText(40, PROFILE_MESSAGES.licenceNumber),
      licence_provinces: Type.Array(
        Type.String({ enum: choices.provinces, errorMessage: PROFILE_MESSAGES.unknownProvince }),
        {
          minItems: 1,
          maxItems: choices.provinces.length,
          uniqueItems: true,
          description: 'Province and territory ids (ON, QC…), each once',
          errorMessage: {
            type: PROFILE_MESSAGES.provinces,
            minItems: PROFILE_MESSAGES.provinces,
            maxItems: PROFILE_MESSAGES.unknownProvince,
            uniqueItems: PROFILE_MESSAGES.unknownProvince,
          },
        },
      ),
      agency: requiredText(120, PROFILE_MESSAGES.agency, 'Agency or MGA'),
      adviser_codes: Type.Optional(
        Type.Object(Object.fromEntries(choices.insurers.map((i) => [i.id, Type.Optional(code)])), {
          additionalProperties: false,
          description: 'The adviser code held with each insurer, by populate_forms id (BMO, MANULIFE…)',
          errorMessage: { type: PROFILE_MESSAGES.code, additionalProperties: PROFILE_MESSAGES.unknownInsurer },
        }),
      ),
    },
    {
      title: 'AdviserProfileRequest',
      errorMessage: {
        required: {
          full_name: PROFILE_MESSAGES.fullName,
          licence_number: PROFILE_MESSAGES.licenceNumber,
          licence_provinces: PROFILE_MESSAGES.provinces,
          agency: PROFILE_MESSAGES.agency,
        },
      },
    },
  );
}
