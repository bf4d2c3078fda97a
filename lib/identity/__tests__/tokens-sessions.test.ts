import { randomBytes } from "node:crypto";
import { SignJWT, UnsecuredJWT, type JWTPayload } from "jose";
import { describe, expect, it, vi } from "vitest";
import { api } from "@/test/api";
import { expectAuditRow, signInAs } from "@/test/fixtures";
import { expectUnauthorized, loginViaApi, me, refreshViaApi, sessionIdOf } from "./helpers";

// What a genuine access token carries (lib/auth/tokens.ts). The tests sign their own tokens with these
// values and change one thing at a time; the first case checks that the unchanged token is accepted.
const ISSUER = "funeral-cover";
const AUDIENCE = "funeral-cover-api";

function secret(value = process.env.AUTH_SECRET!): Uint8Array {
  return new TextEncoder().encode(value);
}

type Forgery = {
  payload?: (sessionId: string) => JWTPayload;
  audience?: string;
  issuer?: string;
  expiresAt?: number | string;
  key?: Uint8Array;
  alg?: string;
};

async function forge(userId: string, sessionId: string, change: Forgery = {}): Promise<string> {
  return new SignJWT(change.payload?.(sessionId) ?? { sid: sessionId, typ: "access" })
    .setProtectedHeader({ alg: change.alg ?? "HS256", typ: "JWT" })
    .setSubject(userId)
    .setIssuer(change.issuer ?? ISSUER)
    .setAudience(change.audience ?? AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(change.expiresAt ?? "15m")
    .sign(change.key ?? secret());
}

describe("access tokens", () => {
  it("accepts a token with exactly the claims the server issues (control for the cases below)", async () => {
    const caller = await signInAs("CLIENTE");
    const res = await me(await forge(caller.user.id, caller.sessionId));
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(caller.user.id);
  });

  it.each<[string, Forgery]>([
    ["signed with another secret", { key: secret("another-secret-of-at-least-thirty-two-chars") }],
    ["expired", { expiresAt: Math.floor(Date.now() / 1000) - 60 }],
    ["for another audience", { audience: "someone-else" }],
    ["from another issuer", { issuer: "someone-else" }],
    ["of another type", { payload: (sid) => ({ sid, typ: "refresh" }) }],
    ["without a session id", { payload: () => ({ typ: "access" }) }],
    ["signed with HS512", { alg: "HS512" }],
    [
      "not valid before a time still to come",
      { payload: (sid) => ({ sid, typ: "access", nbf: Math.floor(Date.now() / 1000) + 600 }) },
    ],
  ])("refuses a token %s (401)", async (_, change) => {
    const caller = await signInAs("CLIENTE");
    expectUnauthorized(await me(await forge(caller.user.id, caller.sessionId, change)));
  });

  // A token's checked outcome is kept between requests (lib/auth/tokens.ts): its time window must still count.
  it("refuses a token it accepted before, once that token has expired (401)", async () => {
    const caller = await signInAs("CLIENTE");
    const token = await forge(caller.user.id, caller.sessionId, { expiresAt: Math.floor(Date.now() / 1000) + 60 });
    expect((await me(token)).status).toBe(200);
    const clock = vi.spyOn(Date, "now").mockReturnValue(Date.now() + 61_000);
    try {
      expectUnauthorized(await me(token));
    } finally {
      clock.mockRestore();
    }
  });

  it('refuses an unsigned token (alg "none")', async () => {
    const caller = await signInAs("CLIENTE");
    const token = new UnsecuredJWT({ sid: caller.sessionId, typ: "access" })
      .setSubject(caller.user.id)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime("15m")
      .encode();
    expectUnauthorized(await me(token));
    // The same token with an empty signature segment, the other usual spelling.
    expectUnauthorized(await me(token.endsWith(".") ? token : `${token}.`));
  });

  it("refuses a token that names another user's session (401)", async () => {
    const one = await signInAs("CLIENTE");
    const two = await signInAs("CLIENTE");
    expectUnauthorized(await me(await forge(one.user.id, two.sessionId)));
  });

  it("refuses a tampered token (401)", async () => {
    const caller = await signInAs("CLIENTE");
    const [header, , signature] = caller.token.split(".");
    const payload = Buffer.from(
      JSON.stringify({ sub: caller.user.id, sid: caller.sessionId, typ: "access", exp: 9_999_999_999 }),
    ).toString("base64url");
    expectUnauthorized(await me(`${header}.${payload}.${signature}`));
  });

  it.each([
    ["another scheme", (token: string) => `Token ${token}`],
    ["Basic credentials", () => `Basic ${Buffer.from("a@example.com:secret").toString("base64")}`],
    ["the scheme alone", () => "Bearer"],
    ["the scheme and a blank", () => "Bearer "],
    ["a token that is not a JWT", () => "Bearer not-a-jwt"],
    ["a refresh token", (_: string, refresh: string) => `Bearer ${refresh}`],
  ])("refuses an Authorization header with %s (401)", async (_, header) => {
    const caller = await signInAs("CLIENTE");
    expectUnauthorized(
      await api("GET", "/api/v1/auth/me", { headers: { authorization: header(caller.token, caller.refreshToken) } }),
    );
  });

  it("refuses a protected route without credentials: 401 with WWW-Authenticate", async () => {
    const res = await api("GET", "/api/v1/auth/me");
    expectUnauthorized(res);
  });
});

describe("POST /api/v1/auth/refresh", () => {
  it("exchanges a refresh token for a new pair (200); the old refresh token then gives 401", async () => {
    const caller = await signInAs("CLIENTE");
    const res = await refreshViaApi(caller.refreshToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      token_type: "bearer",
      expires_in: 900,
    });
    expect(res.body.refresh_token).not.toBe(caller.refreshToken);
    // Same session, new tokens that work.
    expect(sessionIdOf(res.body.access_token)).toBe(caller.sessionId);
    expect((await me(res.body.access_token)).body.id).toBe(caller.user.id);
    expectUnauthorized(await refreshViaApi(caller.refreshToken));
  });

  it("chains: each new refresh token is itself good for one exchange", async () => {
    const caller = await signInAs("CLIENTE");
    let token = caller.refreshToken;
    for (let i = 0; i < 3; i++) {
      const res = await refreshViaApi(token);
      expect(res.status, `exchange ${i + 1}`).toBe(200);
      token = res.body.refresh_token;
    }
  });

  it("reuse of a used refresh token revokes the whole session", async () => {
    const caller = await signInAs("CLIENTE");
    const rotated = await refreshViaApi(caller.refreshToken);
    expect(rotated.status).toBe(200);
    expect((await me(rotated.body.access_token)).status).toBe(200);

    const reuse = await refreshViaApi(caller.refreshToken);
    expectUnauthorized(reuse);
    // Every token of that session is dead: both access tokens and the newest refresh token.
    expectUnauthorized(await me(rotated.body.access_token), "newest access token");
    expectUnauthorized(await me(caller.token), "first access token");
    expectUnauthorized(await refreshViaApi(rotated.body.refresh_token), "newest refresh token");
  });

  it("reuse revokes only that session: the user's other sessions keep working", async () => {
    const caller = await signInAs("CLIENTE");
    const other = await loginViaApi(caller.user.email, caller.user.password);
    expect((await refreshViaApi(caller.refreshToken)).status).toBe(200);
    expectUnauthorized(await refreshViaApi(caller.refreshToken));
    expect((await me(other.body.access_token)).status).toBe(200);
    expect((await refreshViaApi(other.body.refresh_token)).status).toBe(200);
  });

  it("two refreshes with one token at once: exactly one 200 and one 401", async () => {
    const caller = await signInAs("CLIENTE");
    const results = await Promise.all([refreshViaApi(caller.refreshToken), refreshViaApi(caller.refreshToken)]);
    expect(results.map((res) => res.status).sort()).toEqual([200, 401]);
  });

  it.each([
    ["a random token", () => `rt_${randomBytes(32).toString("base64url")}`],
    ["an access token", (accessToken: string) => accessToken],
  ])("refuses %s (401)", async (_, token) => {
    const caller = await signInAs("CLIENTE");
    expectUnauthorized(await refreshViaApi(token(caller.token)));
  });

  it("refuses a body without a refresh token (422)", async () => {
    expect((await api("POST", "/api/v1/auth/refresh", { body: {} })).status).toBe(422);
  });
});

describe("POST /api/v1/auth/logout", () => {
  it("ends the current session (204): its access and refresh tokens give 401, another session still works", async () => {
    const caller = await signInAs("VENDEDOR");
    const other = await loginViaApi(caller.user.email, caller.user.password);
    expect(other.status).toBe(200);

    const res = await api("POST", "/api/v1/auth/logout", { token: caller.token });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");

    expectUnauthorized(await me(caller.token));
    expectUnauthorized(await refreshViaApi(caller.refreshToken));
    expect((await me(other.body.access_token)).status).toBe(200);
    expect((await refreshViaApi(other.body.refresh_token)).status).toBe(200);
  });

  it("refuses a token of a session already ended (401)", async () => {
    const caller = await signInAs("CLIENTE");
    expect((await api("POST", "/api/v1/auth/logout", { token: caller.token })).status).toBe(204);
    expectUnauthorized(await api("POST", "/api/v1/auth/logout", { token: caller.token }));
  });
});

describe("POST /api/v1/auth/logout-all", () => {
  it("ends every session of the user (204) and audits USER_LOGOUT_ALL; other users are untouched", async () => {
    const caller = await signInAs("VENDEDOR");
    const second = await loginViaApi(caller.user.email, caller.user.password);
    const third = await loginViaApi(caller.user.email, caller.user.password);
    const bystander = await signInAs("VENDEDOR");

    const res = await api("POST", "/api/v1/auth/logout-all", { token: second.body.access_token });
    expect(res.status).toBe(204);

    for (const [name, access, refresh] of [
      ["first", caller.token, caller.refreshToken],
      ["second (the caller)", second.body.access_token, second.body.refresh_token],
      ["third", third.body.access_token, third.body.refresh_token],
    ]) {
      expectUnauthorized(await me(access), `${name} access token`);
      expectUnauthorized(await refreshViaApi(refresh), `${name} refresh token`);
    }
    expect((await me(bystander.token)).status).toBe(200);

    const row = await expectAuditRow("USER_LOGOUT_ALL", caller.user.id);
    expect(row.userId).toBe(caller.user.id);
    // A new sign-in works again afterwards.
    expect((await loginViaApi(caller.user.email, caller.user.password)).status).toBe(200);
  });
});
