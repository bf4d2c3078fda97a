import { createPrivateKey, generateKeyPairSync, randomBytes, X509Certificate, type KeyObject } from "node:crypto";
import forge from "node-forge";
import { walletPassSettingsFromEnv, walletSignerEnvironment, type WalletPassSettings } from "./configuration";

/** What signs a pass: the pass certificate and its key, Apple's WWDR certificate that issued it, and whose pass it is. */
export type WalletSigner = {
  certificate: forge.pki.Certificate;
  privateKey: forge.pki.rsa.PrivateKey;
  wwdrCertificate: forge.pki.Certificate;
  passTypeId: string;
  teamId: string;
  isDevelopment: boolean;
};

export const DEVELOPMENT_PASS_TYPE_ID = "pass.local.development";
export const DEVELOPMENT_TEAM_ID = "DEVELOPMENT";

// On globalThis rather than in a module variable: Next.js loads this module once for instrumentation.ts
// and again for the route handlers, and the development certificate is made once per process.
const holder = globalThis as typeof globalThis & { __walletSigner?: { environment: string; signer: WalletSigner } };

/**
 * The signer of the configured settings, or a development signer when none is set; made on first use
 * and kept. It is made again only if the settings change (tests set them), never per request.
 */
export function getWalletSigner(): WalletSigner {
  const environment = walletSignerEnvironment();
  if (holder.__walletSigner?.environment !== environment) {
    const settings = walletPassSettingsFromEnv();
    holder.__walletSigner = { environment, signer: settings ? configuredSigner(settings) : developmentSigner() };
  }
  return holder.__walletSigner.signer;
}

/** Start-up calls this, so a bad configuration stops the server and the development certificate is ready before the first pass. */
export function prepareWalletSigner(): void {
  getWalletSigner();
}

/**
 * A DER PKCS#7 signature of manifest.json, detached (the manifest stays its own file in the pass), with
 * the WWDR certificate in the certificate set so that Wallet can build the chain to Apple's root.
 */
export function signManifest(signer: WalletSigner, manifest: Uint8Array): Uint8Array {
  const signedData = forge.pkcs7.createSignedData();
  signedData.content = forge.util.createBuffer(Buffer.from(manifest).toString("binary"));
  signedData.addCertificate(signer.certificate);
  signedData.addCertificate(signer.wwdrCertificate);
  signedData.addSigner({
    key: signer.privateKey,
    certificate: signer.certificate,
    digestAlgorithm: forge.pki.oids.sha256,
    authenticatedAttributes: [
      { type: forge.pki.oids.contentType, value: forge.pki.oids.data },
      { type: forge.pki.oids.messageDigest },
      // forge stamps the current time when no value is given.
      { type: forge.pki.oids.signingTime },
    ],
  });
  signedData.sign({ detached: true });
  return Buffer.from(forge.asn1.toDer(signedData.toAsn1()).getBytes(), "binary");
}

// Checked here rather than left to the first iPhone that refuses a pass: the key must open, be RSA (what
// Apple issues, and all node-forge signs with), belong to the certificate, and the WWDR certificate must
// be the one that issued it (Apple has several generations of it).
function configuredSigner(settings: WalletPassSettings): WalletSigner {
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: settings.keyPem, passphrase: settings.keyPassphrase });
  } catch (error) {
    throw new Error(
      `WALLET_PASS_KEY cannot be read (is WALLET_PASS_KEY_PASSPHRASE right?): ${(error as Error).message}`,
    );
  }
  if (key.asymmetricKeyType !== "rsa")
    throw new Error(`WALLET_PASS_KEY must be an RSA key, not ${key.asymmetricKeyType}`);
  const certificate = new X509Certificate(settings.certificatePem);
  const wwdrCertificate = new X509Certificate(settings.wwdrCertificatePem);
  if (!certificate.checkPrivateKey(key)) throw new Error("WALLET_PASS_KEY is not the key of WALLET_PASS_CERTIFICATE");
  if (!certificate.verify(wwdrCertificate.publicKey))
    throw new Error("WALLET_PASS_CERTIFICATE was not issued by WALLET_WWDR_CERTIFICATE");
  return {
    certificate: forge.pki.certificateFromPem(settings.certificatePem),
    privateKey: forge.pki.privateKeyFromPem(key.export({ type: "pkcs1", format: "pem" }).toString()),
    wwdrCertificate: forge.pki.certificateFromPem(settings.wwdrCertificatePem),
    passTypeId: settings.passTypeId,
    teamId: settings.teamId,
    isDevelopment: false,
  };
}

/**
 * A self-signed stand-in for Apple's WWDR certificate and a pass certificate issued by it, shaped like
 * Apple's (UID = pass type id, OU = team id), so the endpoint works without an Apple account. Wallet
 * itself refuses such passes; signature checks against the stand-in pass.
 */
function developmentSigner(): WalletSigner {
  const authorityKeys = rsaKeyPair();
  const passKeys = rsaKeyPair();
  const authorityName = [
    { name: "commonName", value: "Development Wallet CA (not Apple WWDR)" },
    { name: "organizationName", value: "Funeral Cover development" },
  ];
  const wwdrCertificate = issueCertificate({
    subject: authorityName,
    issuer: authorityName,
    publicKey: authorityKeys.publicKey,
    issuerKey: authorityKeys.privateKey,
    extensions: [
      { name: "basicConstraints", cA: true },
      { name: "keyUsage", keyCertSign: true, cRLSign: true },
    ],
  });
  const certificate = issueCertificate({
    subject: [
      { type: "0.9.2342.19200300.100.1.1", value: DEVELOPMENT_PASS_TYPE_ID },
      { name: "commonName", value: `Pass Type ID: ${DEVELOPMENT_PASS_TYPE_ID}` },
      { name: "organizationalUnitName", value: DEVELOPMENT_TEAM_ID },
    ],
    issuer: authorityName,
    publicKey: passKeys.publicKey,
    issuerKey: authorityKeys.privateKey,
    extensions: [
      { name: "basicConstraints", cA: false },
      { name: "keyUsage", digitalSignature: true },
    ],
  });
  console.log(
    `[wallet-pass] no WALLET_PASS_* settings: signing passes with a development certificate (${DEVELOPMENT_PASS_TYPE_ID}), which Apple Wallet does not accept`,
  );
  return {
    certificate,
    privateKey: passKeys.privateKey,
    wwdrCertificate,
    passTypeId: DEVELOPMENT_PASS_TYPE_ID,
    teamId: DEVELOPMENT_TEAM_ID,
    isDevelopment: true,
  };
}

// node:crypto makes RSA keys in native code, in milliseconds; node-forge's own generator is pure JavaScript and far slower.
function rsaKeyPair() {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs1", format: "pem" },
  });
  return { publicKey: forge.pki.publicKeyFromPem(publicKey), privateKey: forge.pki.privateKeyFromPem(privateKey) };
}

function issueCertificate(input: {
  subject: forge.pki.CertificateField[];
  issuer: forge.pki.CertificateField[];
  publicKey: forge.pki.rsa.PublicKey;
  issuerKey: forge.pki.rsa.PrivateKey;
  extensions: object[];
}): forge.pki.Certificate {
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = input.publicKey;
  // A positive serial: the leading 01 keeps the DER integer's sign bit clear.
  certificate.serialNumber = `01${randomBytes(15).toString("hex")}`;
  // A day back, so that a device whose clock runs slightly behind still finds the certificate valid.
  certificate.validity.notBefore = new Date(Date.now() - 86_400_000);
  certificate.validity.notAfter = new Date(Date.now() + 5 * 365 * 86_400_000);
  certificate.setSubject(input.subject);
  certificate.setIssuer(input.issuer);
  certificate.setExtensions(input.extensions);
  certificate.sign(input.issuerKey, forge.md.sha256.create());
  return certificate;
}
