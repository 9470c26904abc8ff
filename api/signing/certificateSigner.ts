import { createHash, sign as rsaSign } from 'node:crypto';
import { Signer } from '@signpdf/utils';
import forge from 'node-forge';
import type { SealingIdentity } from './sealingIdentity.ts';

const { asn1 } = forge;
const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
};

const seq = (items: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, items);
const set = (items: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, items);
const oid = (id: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(id).getBytes());
const octets = (bytes: Buffer) =>
  asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, bytes.toString('binary'));
const integer = (value: number) =>
  asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, String.fromCharCode(value));
const algorithm = (id: string) => seq([oid(id), asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, '')]);
const der = (node: forge.asn1.Asn1) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');
const attribute = (type: string, value: forge.asn1.Asn1) => seq([oid(type), set([value])]);

/** A DER SET OF: its members sorted by their encodings (X.690 11.6), as a validator recomputing the digest expects. */
function derSet(items: forge.asn1.Asn1[]): forge.asn1.Asn1 {
  return set([...items].sort((a, b) => Buffer.compare(der(a), der(b))));
}

/** The certificate's serial number exactly as it encodes it (TBSCertificate: [0] version, then the serial). */
function serialNumberOf(certificate: forge.asn1.Asn1): forge.asn1.Asn1 {
  const tbs = (certificate.value as forge.asn1.Asn1[])[0].value as forge.asn1.Asn1[];
  return tbs[0].tagClass === asn1.Class.CONTEXT_SPECIFIC ? tbs[1] : tbs[0];
}

/**
 * An @signpdf signer writing a PAdES baseline B-B signature (ETSI EN 319 142-1): a detached CMS SignedData, SHA-256
 * and RSA, whose signed attributes are the content type, the message digest and the signing certificate's SHA-256
 * (ESS signing-certificate-v2, which binds the certificate to the signature), with no signing-time attribute (the
 * time is the signature dictionary's /M). Built with node-forge's ASN.1 and signed by node:crypto; forge's own PKCS#7
 * writer knows no ESS attribute, and its RSA in JavaScript took most of a seal's time.
 */
export class CertificateSigner extends Signer {
  constructor(private readonly identity: SealingIdentity) {
    super();
  }

  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    const certificate = forge.pki.certificateToAsn1(this.identity.certificate);
    const certificateHash = createHash('sha256').update(der(certificate)).digest();
    const signedAttributes = derSet([
      attribute(OID.contentType, oid(OID.data)),
      attribute(OID.messageDigest, octets(createHash('sha256').update(pdfBuffer).digest())),
      // SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 }; the hash algorithm is SHA-256, its default.
      attribute(OID.signingCertificateV2, seq([seq([seq([octets(certificateHash)])])])),
    ]);
    // The signature covers the attributes' DER as a SET (RFC 5652 5.4), though they are written [0] IMPLICIT.
    const signature = rsaSign('sha256', der(signedAttributes), this.identity.privateKey);
    const signerInfo = seq([
      integer(1),
      seq([forge.pki.distinguishedNameToAsn1(this.identity.certificate.issuer), serialNumberOf(certificate)]),
      algorithm(OID.sha256),
      asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, signedAttributes.value as forge.asn1.Asn1[]),
      algorithm(OID.rsaEncryption),
      octets(signature),
    ]);
    const signedData = seq([
      integer(1),
      set([algorithm(OID.sha256)]),
      seq([oid(OID.data)]),
      asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [certificate]),
      set([signerInfo]),
    ]);
    return der(seq([oid(OID.signedData), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signedData])]));
  }
}
