import { createHash } from "node:crypto";
import { decodeJwt } from "jose";
import { expect } from "vitest";
import { api, type ApiResponse } from "@/test/api";
import { testAddress } from "@/test/fixtures";

// Helpers shared by the identity API tests: they go through the real routes, like a client would.

export function registerViaApi(body: unknown, address = testAddress()) {
  return api("POST", "/api/v1/auth/register", { body, headers: { "x-forwarded-for": address } });
}

/**
 * An address of the e-mail's own (from 198.18.0.0/15), the same whatever the letter case: sign-in
 * failures are counted per (e-mail, address) and per address, so each test's e-mails get their own.
 */
export function addressOf(email: string): string {
  const [a, b] = createHash("sha256").update(email.toLowerCase()).digest();
  return `198.${18 + (a & 1)}.${b}.${(a >> 1) + 1}`;
}

/** POST /auth/login from `address` (X-Forwarded-For; TRUSTED_PROXY_HOPS=1 in tests), by default the e-mail's own. */
export function loginViaApi(email: string, password: string, address = addressOf(email)) {
  return api("POST", "/api/v1/auth/login", { body: { email, password }, headers: { "x-forwarded-for": address } });
}

export function refreshViaApi(refreshToken: string) {
  return api("POST", "/api/v1/auth/refresh", { body: { refresh_token: refreshToken } });
}

export function me(token: string) {
  return api("GET", "/api/v1/auth/me", { token });
}

/** The session an access token names (its `sid` claim). */
export function sessionIdOf(accessToken: string): string {
  const { sid } = decodeJwt(accessToken);
  if (typeof sid !== "string") throw new Error("the access token carries no session id");
  return sid;
}

/** A 401 as the contract wants it: a detail and a `WWW-Authenticate: Bearer` challenge. */
export function expectUnauthorized(response: ApiResponse, context?: string) {
  expect(response.status, context).toBe(401);
  expect(typeof response.body?.detail, context).toBe("string");
  expect(response.headers.get("www-authenticate") ?? "", context).toMatch(/^Bearer\b/);
}
