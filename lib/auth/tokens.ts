import { createHash, randomBytes } from "node:crypto";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { getAuthSecret } from "./secret";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
const ALGORITHM = "HS256";
const ISSUER = "funeral-cover";
const AUDIENCE = "funeral-cover-api";

export type AccessTokenClaims = { userId: string; sessionId: string };

// Given the raw secret, jose imports it into a CryptoKey on every sign and verify, and every request
// with a bearer token verifies one. Import it once (per secret) and hand jose the CryptoKey.
let imported: { secret: string; key: Promise<CryptoKey> } | null = null;

function key(): Promise<CryptoKey> {
  const secret = getAuthSecret();
  if (imported?.secret !== secret) {
    const raw = new TextEncoder().encode(secret);
    imported = { secret, key: crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]) };
  }
  return imported.key;
}

export async function signAccessToken(claims: AccessTokenClaims): Promise<string> {
  return new SignJWT({ sid: claims.sessionId, typ: "access" })
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(await key());
}

/** Returns the claims of a valid access token, or null for anything else (bad signature, expired, wrong type). */
export async function verifyAccessToken(token: string): Promise<AccessTokenClaims | null> {
  try {
    // Exactly one algorithm is accepted, so "none" or an RS/HS confusion cannot pass.
    const { payload } = await jwtVerify(token, await key(), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ["exp", "sub", "sid"],
    });
    if (payload.typ !== "access" || typeof payload.sid !== "string" || typeof payload.sub !== "string") return null;
    return { userId: payload.sub, sessionId: payload.sid };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}

/** A random opaque token (256 bits) and the hash under which it is stored. */
export function newOpaqueToken(prefix = ""): { token: string; hash: string } {
  const token = prefix + randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
