import { createHmac, timingSafeEqual } from "node:crypto";
import { getAuthSecret } from "@/lib/auth/secret";

// The verification link printed as a QR code on the certificate and the wallet pass. Its token is the
// policy id and an HMAC of it under the server's secret: short enough for a small QR code, and nobody
// can make one for a policy id without the secret.

const PURPOSE = "policy-verification:";

function signatureOf(id: Buffer): Buffer {
  return createHmac("sha256", getAuthSecret()).update(PURPOSE).update(id).digest().subarray(0, 16);
}

export function verificationToken(policyId: string): string {
  const id = Buffer.from(policyId.replace(/-/g, ""), "hex");
  return `${id.toString("base64url")}.${signatureOf(id).toString("base64url")}`;
}

/** The policy id a token stands for, or null when it is malformed or not signed by this server. */
export function policyIdFromToken(token: string): string | null {
  const match = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const id = Buffer.from(match[1], "base64url");
  const signature = Buffer.from(match[2], "base64url");
  if (id.length !== 16 || signature.length !== 16 || !timingSafeEqual(signature, signatureOf(id))) return null;
  const hex = id.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The public address of the service, for links that leave it (QR codes, e-mails). */
export function publicBaseUrl(): string {
  return (process.env.PUBLIC_BASE_URL ?? process.env.NEXTAUTH_URL ?? "http://localhost:3000").replace(/\/+$/, "");
}

export function verificationUrl(policyId: string): string {
  return `${publicBaseUrl()}/verify/${verificationToken(policyId)}`;
}
