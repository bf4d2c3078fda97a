import { createHash, createHmac, createSecretKey, type KeyObject, randomBytes, timingSafeEqual } from "node:crypto";
import { SignJWT } from "jose";
import { getAuthSecret } from "./secret";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
const ALGORITHM = "HS256";
const ISSUER = "funeral-cover";
const AUDIENCE = "funeral-cover-api";

export type AccessTokenClaims = { userId: string; sessionId: string };

// Given the raw secret, jose imports it into a CryptoKey on every sign. Import it once (per secret) and
// hand jose the CryptoKey.
let imported: { secret: string; key: Promise<CryptoKey> } | null = null;

function key(): Promise<CryptoKey> {
  const secret = getAuthSecret();
  if (imported?.secret !== secret) {
    const raw = new TextEncoder().encode(secret);
    imported = {
      secret,
      key: crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]),
    };
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

// Every request with a bearer token verifies one. jose verifies through WebCrypto, whose HMAC costs
// about 40 µs a call in Node (a crypto job, promises, transferable objects), a fifth of a whole
// calculate-price request; node:crypto's HMAC costs a few µs. So verification is written out here,
// checking what jose's jwtVerify checked for us (signing stays with jose): the signature first, then
// exactly one algorithm (so "none" or an algorithm confusion cannot pass), issuer, audience, the
// required claims and the time window.
let hmacKey: { secret: string; key: KeyObject } | null = null;

function verifyKey(): KeyObject {
  const secret = getAuthSecret();
  if (hmacKey?.secret !== secret) hmacKey = { secret, key: createSecretKey(Buffer.from(secret, "utf8")) };
  return hmacKey.key;
}

// A client sends the same access token with every request for its 15 minutes, and a token's text never
// changes what it says: so the outcome of checking its signature and claims is kept (per key, for a
// bounded number of tokens) and only the time window is checked again on every use. The session row is
// still read on every request (resolve-actor.ts), so revocation still takes effect at once.
const VERIFIED_TOKENS_KEPT = 10_000;
type Verified = { claims: AccessTokenClaims; exp: number; nbf: number | undefined };
let verified: { key: KeyObject; tokens: Map<string, Verified> } | null = null;

/** Returns the claims of a valid access token, or null for anything else (bad signature, expired, wrong type). */
export async function verifyAccessToken(token: string): Promise<AccessTokenClaims | null> {
  const key = verifyKey();
  if (verified?.key !== key) verified = { key, tokens: new Map() };
  let entry = verified.tokens.get(token);
  if (!entry) {
    const checked = checkToken(token, key);
    if (!checked) return null;
    if (verified.tokens.size >= VERIFIED_TOKENS_KEPT) verified.tokens.clear();
    verified.tokens.set(token, (entry = checked));
  }
  const now = Math.floor(Date.now() / 1000);
  if (entry.exp <= now) {
    verified.tokens.delete(token);
    return null;
  }
  if (entry.nbf !== undefined && entry.nbf > now) return null;
  return entry.claims;
}

/** Everything about a token but the time: its signature, algorithm, issuer, audience and claims. */
function checkToken(token: string, key: KeyObject): Verified | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [headerPart, payloadPart, signaturePart] = parts;
  const expected = Buffer.from(createHmac("sha256", key).update(`${headerPart}.${payloadPart}`).digest("base64url"));
  const given = Buffer.from(signaturePart);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;

  const header = decodeSegment(headerPart);
  if (header?.alg !== ALGORITHM || "crit" in header) return null;
  const payload = decodeSegment(payloadPart);
  if (!payload || payload.iss !== ISSUER || payload.typ !== "access") return null;
  const audience = payload.aud;
  if (!(audience === AUDIENCE || (Array.isArray(audience) && audience.includes(AUDIENCE)))) return null;
  if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
  if (typeof payload.exp !== "number") return null;
  if (payload.nbf !== undefined && typeof payload.nbf !== "number") return null;
  if (payload.iat !== undefined && typeof payload.iat !== "number") return null;
  return { claims: { userId: payload.sub, sessionId: payload.sid }, exp: payload.exp, nbf: payload.nbf };
}

/** A JOSE header or claims set: a base64url-encoded JSON object, else null. */
function decodeSegment(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, "base64url").toString("utf8"));
    return value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
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
