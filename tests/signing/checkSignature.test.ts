import { describe, expect, it } from 'vitest';
import { checkSignature, type SignatureRequest } from '../../api/signing/checkSignature.ts';
import type { PlannedSigner } from '../../engine/index.ts';

const signers: PlannedSigner[] = [
  {
    id: 'insured_1',
    roles: ['insured', 'owner'],
    label: 'First insured',
    name: 'Élise Tremblay',
    for: null,
    title: null,
  },
  {
    id: 'guardian_2',
    roles: ['guardian'],
    label: 'Guardian of the second insured',
    name: null,
    for: 'Léo Tremblay',
    title: null,
  },
  { id: 'adviser', roles: ['adviser'], label: 'Adviser', name: 'Anne Adviser', for: null, title: null },
];
const documents = [{ name: 'manulife.pdf', sha256: 'ab'.repeat(32) }];
const context = { signers, consentVersion: '2026-11-29', signed: [] as string[], documents };
const request = (change: Partial<SignatureRequest> = {}): SignatureRequest => ({
  signer: 'insured_1',
  name: 'Élise Tremblay',
  method: 'typed',
  image: null,
  consentAccepted: true,
  consentVersion: '2026-11-29',
  documents,
  ...change,
});
const field = (r: ReturnType<typeof checkSignature>) => r?.errors[0].field;

describe('checkSignature: what a signature may not be', () => {
  it('accepts a planned signer who accepted the consent and signs the documents as they are', () => {
    expect(checkSignature(request(), context)).toBeNull();
    expect(checkSignature(request({ signer: 'guardian_2', name: 'Marc Tremblay' }), context)).toBeNull();
  });

  it('refuses a signer the application does not need', () => {
    expect(checkSignature(request({ signer: 'payor' }), context)).toMatchObject({
      errors: [{ field: 'signer', message: expect.stringContaining('does not need') }],
    });
  });

  it('refuses a second signature for the same signer', () => {
    const r = checkSignature(request(), { ...context, signed: ['insured_1'] });
    expect(r?.errors[0]).toMatchObject({ field: 'signer', message: expect.stringContaining('already signed') });
  });

  it('refuses the adviser before every client has signed, and accepts them last', () => {
    const adviser = request({ signer: 'adviser', name: 'Anne Adviser' });
    expect(field(checkSignature(adviser, { ...context, signed: ['insured_1'] }))).toBe('signer');
    expect(checkSignature(adviser, { ...context, signed: ['insured_1', 'guardian_2'] })).toBeNull();
  });

  it('refuses documents whose hash no longer matches', () => {
    const changed = [{ name: 'manulife.pdf', sha256: 'cd'.repeat(32) }];
    expect(field(checkSignature(request({ documents: changed }), context))).toBe('documents');
    expect(field(checkSignature(request({ documents: [] }), context))).toBe('documents');
  });

  it('refuses without the consent, or with an older version of it', () => {
    expect(field(checkSignature(request({ consentAccepted: false }), context))).toBe('consentAccepted');
    expect(field(checkSignature(request({ consentVersion: '2020-01-01' }), context))).toBe('consentAccepted');
  });

  it('refuses another name than the planned one, a blank name, and a drawn signature without its drawing', () => {
    expect(field(checkSignature(request({ name: 'Someone Else' }), context))).toBe('name');
    expect(field(checkSignature(request({ signer: 'guardian_2', name: '  ' }), context))).toBe('name');
    expect(field(checkSignature(request({ method: 'drawn', image: null }), context))).toBe('image');
  });
});
