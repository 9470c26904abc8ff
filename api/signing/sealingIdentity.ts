import { createPrivateKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import forge from 'node-forge';

/** The server's certificate and key, parsed once (parsing per seal cost more than the seal). */
export interface SealingIdentity {
  certificate: forge.pki.Certificate;
  privateKey: KeyObject;
  certificatePem: string;
  /** True when the pair was generated here (self-signed): readers will not trust it without being told to. */
  selfSigned: boolean;
}

export interface SealingSettings {
  /** SIGNING_CERT and SIGNING_KEY: PEM text, or paths to PEM files. */
  cert?: string;
  key?: string;
  /** DATA_DIR: where a self-signed pair is kept when no certificate is configured. */
  dataDir: string;
  warn: (message: string) => void;
}

const pem = (value: string): string => (value.includes('-----BEGIN') ? value : readFileSync(value, 'utf8'));

function identity(certificatePem: string, keyPem: string, selfSigned: boolean): SealingIdentity {
  const certificate = forge.pki.certificateFromPem(certificatePem);
  const privateKey = createPrivateKey(keyPem);
  const modulus = (certificate.publicKey as forge.pki.rsa.PublicKey).n.toString(16);
  const keyModulus = Buffer.from(privateKey.export({ format: 'jwk' }).n ?? '', 'base64url').toString('hex');
  if (modulus.replace(/^0+/, '') !== keyModulus.replace(/^0+/, ''))
    throw new Error('SIGNING_KEY is not the key of SIGNING_CERT (an RSA certificate and its key are needed)');
  return { certificate, privateKey, certificatePem, selfSigned };
}

function selfSignedPair(): { certificatePem: string; keyPem: string } {
  // node:crypto makes the RSA key in native code (forge would take seconds in JavaScript).
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date();
  cert.validity.notAfter = new Date(Date.now() + 10 * 365 * 24 * 3600 * 1000);
  const subject = [{ name: 'commonName', value: 'Wizard application sealing (self-signed)' }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(keyPem), forge.md.sha256.create());
  return { certificatePem: forge.pki.certificateToPem(cert), keyPem };
}

/**
 * The identity that seals signed PDFs: SIGNING_CERT/SIGNING_KEY when both are set; otherwise a self-signed pair kept
 * in DATA_DIR/signing (made at first use, with a warning, and reused after so earlier seals keep one signer).
 */
export function loadSealingIdentity(settings: SealingSettings): SealingIdentity {
  if (settings.cert && settings.key) {
    const certificatePem = pem(settings.cert);
    return identity(certificatePem, pem(settings.key), false);
  }
  if (settings.cert || settings.key) throw new Error('SIGNING_CERT and SIGNING_KEY go together: set both or neither');
  const dir = join(settings.dataDir, 'signing');
  const certPath = join(dir, 'seal-cert.pem');
  const keyPath = join(dir, 'seal-key.pem');
  if (!existsSync(certPath) || !existsSync(keyPath)) {
    settings.warn(
      `SIGNING_CERT/SIGNING_KEY are not set: signed PDFs are sealed with a self-signed certificate made in ${dir}; ` +
        'PDF readers will show the seal as untrusted. Set both to a certificate from a trusted authority.',
    );
    const pair = selfSignedPair();
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(keyPath, pair.keyPem, { mode: 0o600 });
    writeFileSync(certPath, pair.certificatePem);
  } else settings.warn('SIGNING_CERT/SIGNING_KEY are not set: sealing with the self-signed certificate in DATA_DIR.');
  const certificatePem = readFileSync(certPath, 'utf8');
  return identity(certificatePem, readFileSync(keyPath, 'utf8'), true);
}
