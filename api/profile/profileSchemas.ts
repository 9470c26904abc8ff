import { Type } from 'typebox';
import { Nullable } from '../http/routeSchemas.ts';

/** The answers of /api/profile/: shared components of the API document, and the app's types (npm run api:types). */
export const AdviserProfile = Type.Object(
  {
    full_name: Type.String(),
    licence_number: Type.String(),
    licence_provinces: Type.Array(Type.String(), { description: 'Province and territory ids (ON, QC…)' }),
    agency: Type.String({ description: 'Agency or MGA' }),
    adviser_codes: Type.Record(Type.String(), Type.String(), {
      description: 'The adviser code held with each insurer, by populate_forms id (BMO, MANULIFE…)',
    }),
  },
  { title: 'AdviserProfile', description: "The adviser's profile, printed in every insurer's adviser section" },
);

const Choice = Type.Object({ id: Type.String(), name: Type.String() });

export const ProfileAnswer = Type.Object(
  {
    profile: Nullable(AdviserProfile),
    updated_at: Nullable(Type.String()),
    insurers: Type.Array(Choice, {
      description: 'The insurers a code may be given for, as the generation step offers them',
    }),
    provinces: Type.Array(Choice, { description: 'The provinces and territories of licence' }),
  },
  { title: 'ProfileAnswer', description: 'GET /api/profile/: the profile (null until saved) and what it may name' },
);

export const ProfileChanges = Type.Object(
  {
    results: Type.Array(
      Type.Object({
        id: Type.Integer(),
        at: Type.String(),
        changes: Type.Array(Type.Object({ field: Type.String(), from: Type.Unknown(), to: Type.Unknown() })),
      }),
    ),
  },
  { title: 'ProfileChanges', description: "The profile's trail, newest first" },
);
