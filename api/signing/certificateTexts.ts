import type { Engine } from '../../engine/index.ts';
import type { Language } from '../definitions/createServerEngine.ts';

/** The words of the certificate page appended to each signed PDF (signing.json's `certificate`, translated). */
export interface CertificateTexts {
  title: string;
  signedAt: string;
  drawn: string;
  typed: string;
  consent: string;
  device: string;
  documents: string;
  /** Before whom a signer signs for (the corporation, the minor insured). */
  signsFor: string;
  empty: string;
  seal: string;
  /** The capacities a signer signs in, by role id (insured, owner, payor, guardian, signing_officer, adviser). */
  roles: Record<string, string>;
}

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const labelOf = (value: unknown): string => {
  const label = record(value).label;
  return typeof label === 'string' ? label : '';
};

/**
 * The certificate page's texts in a language, read from steps/pdf-generation/documents/signing.json (its French
 * from the step's i18n catalogue, as every text of the definitions).
 * @param engine - the server's engine (its `localized` gives the definitions in a language)
 * @param lang - 'en' (the default) or 'fr'
 * @throws Error when the signing definition has no certificate texts
 */
export function certificateTexts(
  engine: { localized(lang: Language): Engine },
  lang: Language = 'en',
): CertificateTexts {
  const mapping = engine.localized(lang).definitions.steps['pdf-generation']?.documents?.signing;
  const certificate = record(record(mapping?.document).certificate);
  const title = certificate.title;
  if (typeof title !== 'string')
    throw new Error('steps/pdf-generation/documents/signing.json has no certificate texts');
  const text = (key: string): string => {
    const value = certificate[key];
    return typeof value === 'string' ? value : '';
  };
  return {
    title,
    signedAt: labelOf(certificate.signed_at),
    drawn: labelOf(certificate.drawn),
    typed: labelOf(certificate.typed),
    consent: labelOf(certificate.consent),
    device: labelOf(certificate.device),
    documents: labelOf(certificate.documents),
    signsFor: labelOf(certificate.signs_for),
    empty: text('empty'),
    seal: typeof record(certificate.seal).text === 'string' ? String(record(certificate.seal).text) : '',
    roles: Object.fromEntries(Object.entries(record(certificate.roles)).map(([role, v]) => [role, labelOf(v)])),
  };
}
