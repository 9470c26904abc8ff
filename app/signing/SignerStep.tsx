import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, apiRequest } from '../api/client.ts';
import { DocumentViewer } from './DocumentViewer.tsx';
import { SignaturePad } from './SignaturePad.tsx';
import type { Signature, SignatureAnswer, SignatureRequest, Signer, SigningState } from './types.ts';
// Messages built outside render read the app's instance (useT()'s function changes every render).
import { i18n } from '../i18n/language.ts';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/signing';

export interface SignerStepProps {
  applicationId: string;
  signer: Signer;
  state: SigningState;
  onSigned: (answer: SignatureAnswer) => void;
}

/** The fields of the server's refusals (and the form's own) about the signature, and about the consent. */
const SIGNATURE_FIELDS = ['name', 'image', 'method', 'signer'] as const;
const CONSENT_FIELDS = ['consent_version', 'consentAccepted'] as const;

/** The server's {error, errors:[{field, message}]} as a message per field (the rest under "error"). */
function fieldErrors(e: unknown): Record<string, string> {
  if (!(e instanceof ApiError)) return { error: e instanceof Error ? e.message : i18n._('signing.failed') };
  const body = e.body as { errors?: { field?: string; message?: string }[] } | null;
  const out: Record<string, string> = {};
  for (const item of body?.errors ?? []) if (item.field && item.message) out[item.field] ??= item.message;
  if (Object.keys(out).length === 0) out.error = e.message;
  return out;
}

/** One signer's turn: who signs, the documents to read, the consent, the signature and the "Sign" button. */
export function SignerStep({ applicationId, signer, state, onSigned }: SignerStepProps) {
  const t = useT();
  const [consent, setConsent] = useState(false);
  const [signature, setSignature] = useState<Signature | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const base = `signer-${signer.id}`;
  const heading = useRef<HTMLHeadingElement>(null);

  // The previous signer's form is gone with the focus in it: start the next turn at its heading, not the page's top.
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) heading.current?.focus();
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    // Not a disabled button while the request runs: disabling it would drop the keyboard user's focus.
    if (busy) return;
    const local: Record<string, string> = {};
    if (!consent) local.consent_version = t('signing.consentMissing');
    if (!signature) local.name = t('signing.signatureMissing');
    else if (!signature.name.trim()) local.name = t('signing.nameMissing');
    setErrors(local);
    if (Object.keys(local).length || !signature) return;
    setBusy(true);
    try {
      const answer = await apiRequest<SignatureAnswer>(`/api/applications/${applicationId}/signatures/`, {
        method: 'POST',
        fallback: t('signing.failed'),
        body: {
          signer: signer.id,
          name: signature.name,
          method: signature.method,
          ...(signature.image ? { image: signature.image } : {}),
          consent_version: state.consent.version,
          documents: state.documents.map((d) => ({ name: d.name, sha256: d.sha256 })),
        } satisfies SignatureRequest,
      });
      onSigned(answer);
    } catch (err) {
      setErrors(fieldErrors(err));
    } finally {
      setBusy(false);
    }
  }

  // A message goes once its field is put right, so what still shows is what still stops the signature.
  const forget = (fields: readonly string[]) =>
    setErrors((now) => Object.fromEntries(Object.entries(now).filter(([f]) => !fields.includes(f))));
  const signatureError = SIGNATURE_FIELDS.map((f) => errors[f]).find(Boolean);
  const consentError = CONSENT_FIELDS.map((f) => errors[f]).find(Boolean);
  const documentsError = errors.documents;
  const known: readonly string[] = [...SIGNATURE_FIELDS, ...CONSENT_FIELDS, 'documents'];
  const other = Object.entries(errors)
    .filter(([f]) => !known.includes(f))
    .map(([, m]) => m);

  // The roles' names in the page's language, from the server (older answers carry only their ids).
  const roles = signer.roleNames ?? signer.roles;
  return (
    <form className="card signer-step" aria-labelledby={`${base}-title`} onSubmit={(e) => void submit(e)} noValidate>
      <div className="card-body">
        <h2 id={`${base}-title`} className="section-title" ref={heading} tabIndex={-1}>
          {signer.label}
          {signer.name ? `: ${signer.name}` : ''}
          {signer.title ? `, ${signer.title}` : ''}
        </h2>
        {roles.length > 0 && (
          <p className="muted text-sm">
            {signer.for
              ? t('signing.signsAsFor', { roles: roles.join(', '), for: signer.for })
              : t('signing.signsAs', { roles: roles.join(', ') })}
          </p>
        )}
        <section aria-labelledby={`${base}-docs`} className="signing-section">
          <h3 id={`${base}-docs`} className="text-sm">
            {t('signing.toRead')}
          </h3>
          <ul className="signing-documents">
            {state.documents.map((d) => (
              <DocumentViewer key={d.name} name={d.name} url={d.url} />
            ))}
          </ul>
          {documentsError && (
            <p className="field-error" role="alert">
              {documentsError}
            </p>
          )}
        </section>
        <section aria-labelledby={`${base}-consent`} className="signing-section signing-consent">
          <h3 id={`${base}-consent`} className="text-sm">
            {state.consent.title}
          </h3>
          <p className="signing-consent-text">{state.consent.text}</p>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={consent}
              onChange={(e) => {
                setConsent(e.target.checked);
                if (e.target.checked) forget(CONSENT_FIELDS);
              }}
              aria-invalid={consentError ? true : undefined}
              aria-describedby={consentError ? `${base}-consent-error` : undefined}
            />{' '}
            {t('signing.accept', { consent: state.consent.title })}
          </label>
          {consentError && (
            <p id={`${base}-consent-error`} className="field-error" role="alert">
              {consentError}
            </p>
          )}
        </section>
        <SignaturePad
          id={base}
          name={signer.name}
          onChange={(next) => {
            setSignature(next);
            if (next) forget(SIGNATURE_FIELDS);
          }}
          error={signatureError}
        />
        {other.map((m) => (
          <div key={m} className="alert alert-error" role="alert">
            <span>{m}</span>
          </div>
        ))}
        <div className="btn-group">
          <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
            {busy ? t('signing.signing') : t('signing.sign')}
          </button>
        </div>
      </div>
    </form>
  );
}
