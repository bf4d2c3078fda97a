import { readFileSync } from "node:fs";

// The settings of the Apple Wallet pass signer, read from the environment. Apple issues the pass
// certificate for one pass type id of one team, and the WWDR certificate is Apple's intermediate that
// issued it; the five belong together, so either all are set or none is (then a development signer
// is made, see signer.ts).

export type WalletPassSettings = {
  certificatePem: string;
  keyPem: string;
  keyPassphrase: string | undefined;
  wwdrCertificatePem: string;
  passTypeId: string;
  teamId: string;
};

type Environment = Record<string, string | undefined>;

const REQUIRED = [
  "WALLET_PASS_CERTIFICATE",
  "WALLET_PASS_KEY",
  "WALLET_WWDR_CERTIFICATE",
  "WALLET_PASS_TYPE_ID",
  "WALLET_TEAM_ID",
] as const;
const OPTIONAL = ["WALLET_PASS_KEY_PASSPHRASE"] as const;

/** The names and values of every setting of the signer: a signer made from them is valid while they stay the same. */
export function walletSignerEnvironment(env: Environment = process.env): string {
  return JSON.stringify([...REQUIRED, ...OPTIONAL].map((name) => env[name] ?? null));
}

/**
 * The configured signer settings, or null when none of them is set. A partial configuration throws,
 * naming what is missing: a half-configured production server must not quietly sign with a development
 * certificate that no iPhone accepts.
 */
export function walletPassSettingsFromEnv(env: Environment = process.env): WalletPassSettings | null {
  const given = [...REQUIRED, ...OPTIONAL].filter((name) => env[name]);
  if (given.length === 0) return null;
  const missing = REQUIRED.filter((name) => !env[name]);
  if (missing.length > 0) {
    throw new Error(
      `Wallet pass signing is partly configured (${given.join(", ")} set): also set ${missing.join(", ")}, or unset them all to use a development certificate`,
    );
  }
  return {
    certificatePem: readPem(env, "WALLET_PASS_CERTIFICATE"),
    keyPem: readPem(env, "WALLET_PASS_KEY"),
    keyPassphrase: env.WALLET_PASS_KEY_PASSPHRASE || undefined,
    wwdrCertificatePem: readPem(env, "WALLET_WWDR_CERTIFICATE"),
    passTypeId: env.WALLET_PASS_TYPE_ID!,
    teamId: env.WALLET_TEAM_ID!,
  };
}

/** The organization shown on the pass when set; otherwise the pass shows the policy's company. */
export function configuredOrganizationName(env: Environment = process.env): string | undefined {
  return env.WALLET_ORGANIZATION_NAME?.trim() || undefined;
}

/** A PEM setting holds either the PEM text itself (it contains "-----BEGIN") or the path of a PEM file. */
function readPem(env: Environment, name: (typeof REQUIRED)[number]): string {
  const value = env[name]!;
  if (value.includes("-----BEGIN")) return value;
  let text: string;
  try {
    text = readFileSync(value, "utf8");
  } catch (error) {
    throw new Error(`${name} is neither PEM text nor a readable file: ${(error as Error).message}`);
  }
  if (!text.includes("-----BEGIN")) throw new Error(`${name} names the file ${value}, which holds no PEM text`);
  return text;
}
