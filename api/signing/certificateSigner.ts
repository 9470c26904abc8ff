import { privateEncrypt, constants } from 'node:crypto';
import { Signer } from '@signpdf/utils';
import forge from 'node-forge';
import type { SealingIdentity } from './sealingIdentity.ts';

/** DER of DigestInfo's algorithm for SHA-256 (RFC 8017 §9.2 note 1): prefixed to the digest for PKCS#1 v1.5. */
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/**
 * An @signpdf signer that builds the CMS (PKCS#7 detached, SHA-256, RSA) with node-forge, as @signpdf's P12Signer
 * does, but signs with node:crypto: forge's RSA in JavaScript took most of a seal's time.
 */
export class CertificateSigner extends Signer {
  constructor(private readonly identity: SealingIdentity) {
    super();
  }

  override async sign(pdfBuffer: Buffer, signingTime?: Date): Promise<Buffer> {
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(pdfBuffer.toString('binary'));
    p7.addCertificate(this.identity.certificate);
    const privateKey = this.identity.privateKey;
    const key = {
      sign: (md: forge.md.MessageDigest): string =>
        privateEncrypt(
          { key: privateKey, padding: constants.RSA_PKCS1_PADDING },
          Buffer.concat([SHA256_DIGEST_INFO, Buffer.from(md.digest().getBytes(), 'binary')]),
        ).toString('binary'),
    };
    p7.addSigner({
      key: key as unknown as forge.pki.rsa.PrivateKey,
      certificate: this.identity.certificate,
      digestAlgorithm: forge.pki.oids.sha256,
      // The order matters to EU validators (as in P12Signer).
      authenticatedAttributes: [
        { type: forge.pki.oids.contentType, value: forge.pki.oids.data },
        { type: forge.pki.oids.signingTime, value: (signingTime ?? new Date()) as unknown as string },
        { type: forge.pki.oids.messageDigest },
      ],
    });
    p7.sign({ detached: true });
    return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
  }
}
