import { createHash } from 'node:crypto';
import { extractSignature } from '@signpdf/utils';
import forge from 'node-forge';

/** What checking a sealed PDF found. */
export interface SealCheck {
  valid: boolean;
  /** Why it is not valid; null when it is. */
  problem: string | null;
  /** The sealing certificate's subject common name. */
  signer: string | null;
}

// forge 1.x takes an options object (parseAllBytes: false reads past the zero padding after the DER); the typings
// still say a boolean.
const fromDerWithPadding = (der: string): forge.asn1.Asn1 =>
  (forge.asn1.fromDer as unknown as (bytes: string, options: { parseAllBytes: boolean }) => forge.asn1.Asn1)(der, {
    parseAllBytes: false,
  });

const fail = (problem: string, signer: string | null = null): SealCheck => ({ valid: false, problem, signer });

/**
 * Checks a sealed PDF: the signature covers the whole file but its own contents, the file's digest matches the one
 * signed, and the signed attributes verify with the certificate's key. Trust in the certificate is not judged here.
 */
export function verifySeal(pdf: Buffer): SealCheck {
  let extracted: { ByteRange: number[]; signedData: Buffer };
  try {
    extracted = extractSignature(pdf) as typeof extracted;
  } catch {
    return fail('the PDF carries no seal');
  }
  const [start, firstLength, secondStart, secondLength] = extracted.ByteRange;
  if (start !== 0 || secondStart + secondLength !== pdf.length || firstLength > secondStart)
    return fail('the seal does not cover the whole file');
  let message: forge.pkcs7.PkcsSignedData & { rawCapture: Record<string, unknown> };
  try {
    // Read /Contents here: extractSignature trims trailing "00" pairs, which cuts a signature whose last byte is 0.
    const [, firstLength2, secondStart2] = extracted.ByteRange;
    const hex = pdf.subarray(firstLength2 + 1, secondStart2 - 1).toString('latin1');
    const der = Buffer.from(hex, 'hex').toString('binary');
    message = forge.pkcs7.messageFromAsn1(fromDerWithPadding(der)) as typeof message;
  } catch {
    return fail('the seal cannot be read');
  }
  const certificate = message.certificates[0];
  const signer = (certificate?.subject.getField('CN') as { value?: string } | null)?.value ?? null;
  const attributes = message.rawCapture.authenticatedAttributes as forge.asn1.Asn1[];
  const digestAttribute = attributes.find(
    (attr) =>
      forge.asn1.derToOid((attr.value as forge.asn1.Asn1[])[0].value as string) === forge.pki.oids.messageDigest,
  );
  if (!certificate || !digestAttribute) return fail('the seal lacks its certificate or digest', signer);
  const signedDigest = ((digestAttribute.value as forge.asn1.Asn1[])[1].value as forge.asn1.Asn1[])[0].value as string;
  const fileDigest = createHash('sha256').update(extracted.signedData).digest('binary');
  if (signedDigest !== fileDigest) return fail('the file changed after it was sealed', signer);
  const set = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes);
  const md = forge.md.sha256.create();
  md.update(forge.asn1.toDer(set).getBytes());
  const publicKey = certificate.publicKey as forge.pki.rsa.PublicKey;
  let verified = false;
  try {
    verified = publicKey.verify(md.digest().getBytes(), message.rawCapture.signature as string);
  } catch {
    verified = false;
  }
  return verified ? { valid: true, problem: null, signer } : fail('the seal does not match its certificate', signer);
}
