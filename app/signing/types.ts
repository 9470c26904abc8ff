/**
 * The signing routes' shapes, as the API's schemas give them (app/api/schema.gen.ts, `npm run api:types`): re-exported
 * here so the signing screens import them from one place. No shape is written here twice.
 */
import type { SignatureRequest } from '../api/schema.gen.ts';

export type { SignatureAnswer, SignatureMethod, SignatureRequest, Signer, SigningState } from '../api/schema.gen.ts';

/** What the pad hands over: a typed name, or a drawing as a PNG data URL (the request's own fields). */
export type Signature = Pick<SignatureRequest, 'method' | 'name' | 'image'>;
