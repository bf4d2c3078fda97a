import { createHash } from "node:crypto";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import forge from "node-forge";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as downloadRoute } from "@/app/api/v1/emission/policies/[id]/passbook/route";
import { verificationUrl } from "@/lib/emission/verification";
import { walletPassSettingsFromEnv } from "@/lib/emission/wallet-pass/configuration";
import {
  DEVELOPMENT_PASS_TYPE_ID,
  DEVELOPMENT_TEAM_ID,
  getWalletSigner,
  prepareWalletSigner,
} from "@/lib/emission/wallet-pass/signer";
import { api } from "@/test/api";
import { createTestCompany, issueTestPolicy, payTestPolicy, signInAs, type SignedIn } from "@/test/fixtures";

// GET /api/v1/emission/policies/{id}/passbook (contract section 6, issue 4 point 5): a signed Apple
// Wallet pass, checked the way Wallet checks it: every file against manifest.json's SHA-1, and the
// detached PKCS#7 signature of the manifest against the WWDR certificate (by the openssl CLI, an
// implementation independent of the node-forge that signs).

const WALLET_VARIABLES = [
  "WALLET_PASS_CERTIFICATE",
  "WALLET_PASS_KEY",
  "WALLET_PASS_KEY_PASSPHRASE",
  "WALLET_WWDR_CERTIFICATE",
  "WALLET_PASS_TYPE_ID",
  "WALLET_TEAM_ID",
  "WALLET_ORGANIZATION_NAME",
] as const;
const IMAGES = ["icon.png", "icon@2x.png", "logo.png"];
const STRINGS = ["en.lproj/pass.strings", "es.lproj/pass.strings"];
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

let admin: SignedIn;
let seller: SignedIn;
let issued: Awaited<ReturnType<typeof issueTestPolicy>>;
const savedEnvironment = Object.fromEntries(WALLET_VARIABLES.map((name) => [name, process.env[name]]));
const temporaryDirectories: string[] = [];

// The signer follows the environment: every test starts unconfigured (the development signer), whatever the shell holds.
function setWalletEnvironment(values: Partial<Record<(typeof WALLET_VARIABLES)[number], string>>) {
  for (const name of WALLET_VARIABLES) {
    if (values[name] === undefined) delete process.env[name];
    else process.env[name] = values[name];
  }
}

function temporaryDirectory(): string {
  const directory = mkdtempSync(path.join(tmpdir(), "wallet-pass-test-"));
  temporaryDirectories.push(directory);
  return directory;
}

beforeAll(async () => {
  setWalletEnvironment({});
  [admin, seller] = await Promise.all([signInAs("ADMIN"), signInAs("VENDEDOR")]);
  // An English-speaking client: the texts of the pass that carry data are in the client's language.
  issued = await issueTestPolicy(seller, { clientOverrides: { preferred_language: "en" } });
  await payTestPolicy(admin, issued.policy.id);
});

afterEach(() => setWalletEnvironment({}));

afterAll(() => {
  setWalletEnvironment(savedEnvironment);
  for (const directory of temporaryDirectories) rmSync(directory, { recursive: true, force: true });
});

/** Calls the route handler and keeps the body as bytes (the shared api() helper reads bodies as text). */
async function download(token: string, policyId: string) {
  const response = await downloadRoute(
    new Request(`http://localhost:3000/api/v1/emission/policies/${policyId}/passbook`, {
      headers: { authorization: `Bearer ${token}` },
    }),
    {
      params: Promise.resolve({ id: policyId }),
    },
  );
  const bytes = new Uint8Array(await response.arrayBuffer());
  return {
    status: response.status,
    headers: response.headers,
    bytes,
    json: () => JSON.parse(new TextDecoder().decode(bytes)),
  };
}

/** An administrator's move (POST /emission/policies/{id}/transition). */
async function transition(policyId: string, toStatus: "IN_ARREARS" | "CANCELLED") {
  const response = await api("POST", `/api/v1/emission/policies/${policyId}/transition`, {
    token: admin.token,
    body: { to_status: toStatus, reason: "wallet pass test" },
  });
  expect(response.status, response.text).toBe(200);
  expect(response.body.status).toBe(toStatus);
}

/** Whether openssl accepts `signature` as a detached signature of `manifest` by a certificate that chains to `authorityPem`. */
function opensslVerifies(signature: Uint8Array, manifest: Uint8Array, authorityPem: string): boolean {
  const directory = temporaryDirectory();
  const file = (name: string, content: Uint8Array | string) => {
    writeFileSync(path.join(directory, name), content);
    return path.join(directory, name);
  };
  const result = spawnSync("openssl", [
    "smime",
    "-verify",
    "-binary",
    "-inform",
    "DER",
    "-in",
    file("signature", signature),
    "-content",
    file("manifest.json", manifest),
    "-CAfile",
    file("wwdr.pem", authorityPem),
    "-purpose",
    "any",
    "-out",
    path.join(directory, "verified-content"),
  ]);
  return result.status === 0;
}

type Pass = Record<string, unknown> & {
  passTypeIdentifier: string;
  teamIdentifier: string;
  organizationName: string;
  serialNumber: string;
  barcodes: Array<{ format: string; message: string; messageEncoding: string }>;
  barcode: { format: string; message: string };
  generic: Record<string, Array<{ key: string; value: string }>>;
};

function openPass(bytes: Uint8Array) {
  const files = unzipSync(bytes);
  const pass = JSON.parse(new TextDecoder().decode(files["pass.json"])) as Pass;
  const manifest = JSON.parse(new TextDecoder().decode(files["manifest.json"])) as Record<string, string>;
  return { files, pass, manifest };
}

const fieldValue = (pass: Pass, group: string, key: string) =>
  pass.generic[group]?.find((field) => field.key === key)?.value;

describe("GET /api/v1/emission/policies/{id}/passbook, with the development signer", () => {
  it("answers 409 naming the status while PENDING_PAYMENT, the pass once its first premium is paid and while IN_ARREARS, and 409 again once it is CANCELLED", async () => {
    const pending = await issueTestPolicy(seller, { versionId: issued.versionId });
    const refused = await download(seller.token, pending.policy.id);
    expect(refused.status).toBe(409);
    expect(refused.json().detail).toBe(
      `policy ${pending.policy.policy_number} is PENDING_PAYMENT: a wallet pass is issued only while a policy is ACTIVE or IN_ARREARS`,
    );
    await payTestPolicy(admin, pending.policy.id);
    const served = await download(seller.token, pending.policy.id);
    expect(served.status).toBe(200);
    expect(openPass(served.bytes).pass.serialNumber).toBe(pending.policy.id);
    await transition(pending.policy.id, "IN_ARREARS");
    const inArrears = await download(seller.token, pending.policy.id);
    expect(inArrears.status).toBe(200);
    expect(fieldValue(openPass(inArrears.bytes).pass, "auxiliaryFields", "status")).toBe("IN_ARREARS");
    await transition(pending.policy.id, "CANCELLED");
    const refusedAgain = await download(seller.token, pending.policy.id);
    expect(refusedAgain.status).toBe(409);
    expect(refusedAgain.json().detail).toMatch(/CANCELLED/);
  });

  it("serves an active policy as a .pkpass whose files match the manifest and whose signature verifies", async () => {
    const response = await download(seller.token, issued.policy.id);
    expect(response.status, new TextDecoder().decode(response.bytes)).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/vnd.apple.pkpass");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="policy_${issued.policy.id}.pkpass"`,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");

    const { files, pass, manifest } = openPass(response.bytes);
    expect(Object.keys(files).sort()).toEqual(
      [...IMAGES, ...STRINGS, "manifest.json", "pass.json", "signature"].sort(),
    );

    expect(pass.formatVersion).toBe(1);
    expect(pass.serialNumber).toBe(issued.policy.id);
    expect(pass.passTypeIdentifier).toBe(DEVELOPMENT_PASS_TYPE_ID);
    expect(pass.teamIdentifier).toBe(DEVELOPMENT_TEAM_ID);
    expect(pass.barcodes).toEqual([
      {
        format: "PKBarcodeFormatQR",
        message: verificationUrl(issued.policy.id),
        messageEncoding: "iso-8859-1",
        altText: issued.policy.policy_number,
      },
    ]);
    expect(pass.barcode).toEqual(pass.barcodes[0]);
    expect(fieldValue(pass, "primaryFields", "policy_number")).toBe(issued.policy.policy_number);
    expect(fieldValue(pass, "secondaryFields", "holder")).toBe("Ana Pérez");
    expect(fieldValue(pass, "secondaryFields", "plan")).toBe("Essential");
    expect(fieldValue(pass, "auxiliaryFields", "status")).toBe("ACTIVE");
    expect(fieldValue(pass, "backFields", "coverages")).toBe("Repatriation: up to 5,000.00 USD");
    // Without WALLET_ORGANIZATION_NAME the pass shows the policy's company (the seller's).
    expect(pass.organizationName).toBe("Default company");

    // Every file but the manifest and the signature is listed, each with the SHA-1 of its bytes.
    expect(Object.keys(manifest).sort()).toEqual([...IMAGES, ...STRINGS, "pass.json"].sort());
    for (const [name, hash] of Object.entries(manifest)) {
      expect(createHash("sha1").update(files[name]).digest("hex"), name).toBe(hash);
    }
    for (const image of IMAGES) expect([...files[image].subarray(0, 8)], image).toEqual(PNG_SIGNATURE);

    const wwdrPem = forge.pki.certificateToPem(getWalletSigner().wwdrCertificate);
    expect(opensslVerifies(files.signature, files["manifest.json"], wwdrPem)).toBe(true);
    const tampered = new TextEncoder().encode(
      new TextDecoder().decode(files["manifest.json"]).replace(manifest["pass.json"], "0".repeat(40)),
    );
    expect(opensslVerifies(files.signature, tampered, wwdrPem)).toBe(false);
  });

  it("signs detached, with the WWDR certificate in the set and the signing time, content type and digest attributes", async () => {
    const { files } = openPass((await download(seller.token, issued.policy.id)).bytes);
    const signedData = forge.pkcs7.messageFromAsn1(
      forge.asn1.fromDer(Buffer.from(files.signature).toString("binary")),
    ) as forge.pkcs7.PkcsSignedData & {
      rawCapture: { authenticatedAttributes: forge.asn1.Asn1[]; content?: unknown };
    };
    // Detached: the manifest is its own file in the pass, not a copy inside the signature.
    expect(signedData.rawCapture.content).toBeUndefined();
    const signer = getWalletSigner();
    const fingerprints = signedData.certificates.map((certificate) =>
      forge.pki.getPublicKeyFingerprint(certificate.publicKey, { encoding: "hex" }),
    );
    expect(fingerprints).toContain(
      forge.pki.getPublicKeyFingerprint(signer.wwdrCertificate.publicKey, { encoding: "hex" }),
    );
    expect(fingerprints).toContain(
      forge.pki.getPublicKeyFingerprint(signer.certificate.publicKey, { encoding: "hex" }),
    );
    const attributeTypes = signedData.rawCapture.authenticatedAttributes.map((attribute) =>
      forge.asn1.derToOid((attribute.value as forge.asn1.Asn1[])[0].value as string),
    );
    expect(attributeTypes.sort()).toEqual(
      [forge.pki.oids.contentType, forge.pki.oids.messageDigest, forge.pki.oids.signingTime].sort(),
    );
  });

  it("serves the holder (a CLIENTE with the client's e-mail) and hides the policy from other clients and other companies' sellers (404)", async () => {
    const holder = await signInAs("CLIENTE", { email: issued.client.email });
    const holderDownload = await download(holder.token, issued.policy.id);
    expect(holderDownload.status).toBe(200);
    expect(openPass(holderDownload.bytes).pass.serialNumber).toBe(issued.policy.id);

    const otherClient = await signInAs("CLIENTE");
    const otherClientDownload = await download(otherClient.token, issued.policy.id);
    expect(otherClientDownload.status).toBe(404);
    expect(otherClientDownload.json().detail).toBe("policy not found");

    const otherCompany = await createTestCompany();
    const otherSeller = await signInAs("VENDEDOR", { companyId: otherCompany.id });
    const otherSellerDownload = await download(otherSeller.token, issued.policy.id);
    expect(otherSellerDownload.status).toBe(404);
    expect(otherSellerDownload.json().detail).toBe("policy not found");
  });
});

/** A pass.strings file as key -> text (the "key" = "text"; lines Wallet reads). */
function readStrings(bytes: Uint8Array): Map<string, string> {
  const text = new TextDecoder().decode(bytes);
  const entries = new Map<string, string>();
  for (const match of text.matchAll(/^"((?:[^"\\]|\\.)*)" = "((?:[^"\\]|\\.)*)";$/gm))
    entries.set(JSON.parse(`"${match[1]}"`), JSON.parse(`"${match[2]}"`));
  return entries;
}

type Field = { key: string; label: string; value: string; dateStyle?: string; ignoresTimeZone?: boolean };

describe("the pass in the phone's language", () => {
  it("ships es.lproj and en.lproj pass.strings, and gives every label as a key of both, so Wallet shows the phone's language", async () => {
    const { files, pass, manifest } = openPass((await download(seller.token, issued.policy.id)).bytes);
    for (const name of STRINGS) {
      expect(files[name], name).toBeDefined();
      expect(manifest[name]).toBe(createHash("sha1").update(files[name]).digest("hex"));
    }
    const spanish = readStrings(files["es.lproj/pass.strings"]);
    const english = readStrings(files["en.lproj/pass.strings"]);
    expect([...spanish.keys()].sort()).toEqual([...english.keys()].sort());

    const fields = Object.values(pass.generic).flat() as Field[];
    expect(fields.map((field) => field.key).sort()).toEqual(
      [
        "coverages",
        "holder",
        "plan",
        "policy_number",
        "product",
        "status",
        "valid_from",
        "valid_to",
        "verification",
      ].sort(),
    );
    // Every label is a key, named as its field, translated in both files.
    for (const field of fields) {
      expect(field.label).toBe(field.key);
      expect(spanish.get(field.label), field.label).toBeTruthy();
      expect(english.get(field.label), field.label).toBeTruthy();
    }
    expect(english.get("policy_number")).toBe("POLICY");
    expect(spanish.get("policy_number")).toBe("PÓLIZA");
    expect(spanish.get("holder")).toBe("TITULAR");
    expect(spanish.get("valid_from")).toBe("VIGENTE DESDE");
    // The status stays the API's code in pass.json; the strings name it.
    const status = fields.find((field) => field.key === "status")!;
    expect(status.value).toBe("ACTIVE");
    expect(spanish.get("ACTIVE")).toBe("Vigente");
    expect(english.get("ACTIVE")).toBe("Active");
    expect(spanish.get("IN_ARREARS")).toBe("En mora");
    // Values that are data stay data: dates as ISO dates that Wallet formats in the phone's language.
    const validFrom = fields.find((field) => field.key === "valid_from")!;
    expect(validFrom).toMatchObject({ dateStyle: "PKDateStyleShort", ignoresTimeZone: true });
    expect(validFrom.value).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/);
    expect(fieldValue(pass, "secondaryFields", "holder")).toBe("Ana Pérez");
  });

  it("writes the texts that carry data in a Spanish client's language", async () => {
    const spanishClient = await issueTestPolicy(seller, {
      versionId: issued.versionId,
      clientOverrides: { preferred_language: "es" },
    });
    await payTestPolicy(admin, spanishClient.policy.id);
    const { pass } = openPass((await download(seller.token, spanishClient.policy.id)).bytes);
    expect(fieldValue(pass, "backFields", "coverages")).toBe("Repatriation: hasta 5,000.00 USD");
    expect(fieldValue(pass, "backFields", "verification")).toBe(
      `Escanea el código QR o abre ${verificationUrl(spanishClient.policy.id)} para ver si la póliza está vigente.`,
    );
    expect(pass.description).toBe(`Póliza ${spanishClient.policy.policy_number} de Default company`);
  });
});

/** A stand-in for Apple's WWDR certificate and a pass certificate it issued, with a passphrase on the key, made by the openssl CLI. */
function opensslCertificates(passTypeId: string, teamId: string, passphrase: string) {
  const directory = temporaryDirectory();
  const at = (name: string) => path.join(directory, name);
  const openssl = (...args: string[]) => execFileSync("openssl", args, { stdio: "pipe" });
  openssl(
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    at("ca.key"),
    "-out",
    at("ca.pem"),
    "-days",
    "2",
    "-subj",
    "/CN=Test WWDR authority",
  );
  openssl(
    "genpkey",
    "-algorithm",
    "RSA",
    "-pkeyopt",
    "rsa_keygen_bits:2048",
    "-aes-256-cbc",
    "-pass",
    `pass:${passphrase}`,
    "-out",
    at("pass.key"),
  );
  openssl(
    "req",
    "-new",
    "-key",
    at("pass.key"),
    "-passin",
    `pass:${passphrase}`,
    "-out",
    at("pass.csr"),
    "-subj",
    `/UID=${passTypeId}/CN=Pass Type ID: ${passTypeId}/OU=${teamId}`,
  );
  openssl(
    "x509",
    "-req",
    "-in",
    at("pass.csr"),
    "-CA",
    at("ca.pem"),
    "-CAkey",
    at("ca.key"),
    "-CAcreateserial",
    "-days",
    "2",
    "-out",
    at("pass.pem"),
  );
  return {
    authorityPem: readFileSync(at("ca.pem"), "utf8"),
    certificatePem: readFileSync(at("pass.pem"), "utf8"),
    keyPath: at("pass.key"),
  };
}

describe("GET /api/v1/emission/policies/{id}/passbook, with configured certificates", () => {
  it("signs with the configured certificate (PEM text) and key (a file, with its passphrase), under the configured ids and organization", async () => {
    const made = opensslCertificates("pass.com.example.cover", "ABCDE12345", "wallet-test-passphrase");
    setWalletEnvironment({
      WALLET_PASS_CERTIFICATE: made.certificatePem,
      WALLET_PASS_KEY: made.keyPath,
      WALLET_PASS_KEY_PASSPHRASE: "wallet-test-passphrase",
      WALLET_WWDR_CERTIFICATE: made.authorityPem,
      WALLET_PASS_TYPE_ID: "pass.com.example.cover",
      WALLET_TEAM_ID: "ABCDE12345",
      WALLET_ORGANIZATION_NAME: "Example Cover",
    });
    const response = await download(seller.token, issued.policy.id);
    expect(response.status, new TextDecoder().decode(response.bytes)).toBe(200);
    const { files, pass } = openPass(response.bytes);
    expect(pass.passTypeIdentifier).toBe("pass.com.example.cover");
    expect(pass.teamIdentifier).toBe("ABCDE12345");
    expect(pass.organizationName).toBe("Example Cover");
    expect(pass.barcodes[0].message).toBe(verificationUrl(issued.policy.id));
    expect(getWalletSigner().isDevelopment).toBe(false);
    expect(opensslVerifies(files.signature, files["manifest.json"], made.authorityPem)).toBe(true);

    // The configured key signed it: the development authority does not vouch for this signature.
    setWalletEnvironment({});
    const developmentPem = forge.pki.certificateToPem(getWalletSigner().wwdrCertificate);
    expect(opensslVerifies(files.signature, files["manifest.json"], developmentPem)).toBe(false);
  });

  it("refuses a partial configuration, naming every missing variable", () => {
    const made = opensslCertificates("pass.com.example.cover", "ABCDE12345", "unused");
    setWalletEnvironment({ WALLET_PASS_CERTIFICATE: made.certificatePem, WALLET_TEAM_ID: "ABCDE12345" });
    expect(() => prepareWalletSigner()).toThrow(
      "Wallet pass signing is partly configured (WALLET_PASS_CERTIFICATE, WALLET_TEAM_ID set): also set WALLET_PASS_KEY, WALLET_WWDR_CERTIFICATE, WALLET_PASS_TYPE_ID, or unset them all to use a development certificate",
    );
    expect(() => walletPassSettingsFromEnv({ WALLET_PASS_KEY_PASSPHRASE: "secret" })).toThrow(
      /also set WALLET_PASS_CERTIFICATE, WALLET_PASS_KEY, WALLET_WWDR_CERTIFICATE, WALLET_PASS_TYPE_ID, WALLET_TEAM_ID,/,
    );
  });

  it("refuses settings that cannot sign: a missing file, a wrong passphrase, a WWDR certificate that did not issue the pass certificate", () => {
    const made = opensslCertificates("pass.com.example.cover", "ABCDE12345", "right-passphrase");
    const other = opensslCertificates("pass.com.example.other", "ZZZZZ99999", "other-passphrase");
    const complete = {
      WALLET_PASS_CERTIFICATE: made.certificatePem,
      WALLET_PASS_KEY: made.keyPath,
      WALLET_PASS_KEY_PASSPHRASE: "right-passphrase",
      WALLET_WWDR_CERTIFICATE: made.authorityPem,
      WALLET_PASS_TYPE_ID: "pass.com.example.cover",
      WALLET_TEAM_ID: "ABCDE12345",
    };
    setWalletEnvironment({ ...complete, WALLET_PASS_KEY: path.join(tmpdir(), "no-such-wallet-key.pem") });
    expect(() => prepareWalletSigner()).toThrow(/^WALLET_PASS_KEY is neither PEM text nor a readable file/);
    setWalletEnvironment({ ...complete, WALLET_PASS_KEY_PASSPHRASE: "wrong-passphrase" });
    expect(() => prepareWalletSigner()).toThrow(/^WALLET_PASS_KEY cannot be read/);
    setWalletEnvironment({ ...complete, WALLET_WWDR_CERTIFICATE: other.authorityPem });
    expect(() => prepareWalletSigner()).toThrow("WALLET_PASS_CERTIFICATE was not issued by WALLET_WWDR_CERTIFICATE");
    setWalletEnvironment({
      ...complete,
      WALLET_PASS_KEY: other.keyPath,
      WALLET_PASS_KEY_PASSPHRASE: "other-passphrase",
    });
    expect(() => prepareWalletSigner()).toThrow("WALLET_PASS_KEY is not the key of WALLET_PASS_CERTIFICATE");
    setWalletEnvironment(complete);
    expect(() => prepareWalletSigner()).not.toThrow();
  });
});
