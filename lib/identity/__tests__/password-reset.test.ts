import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { accountTokens, sessions, users } from "@/db/schema";
import { inProcessRunner } from "@/inngest/send";
import { api } from "@/test/api";
import type { FakeServer } from "@/test/fakes/http-server";
import { startFakeResend } from "@/test/fakes/resend";
import { createTestUser, expectAuditRow, signInAs, testAddress, uniqueEmail, type SignedIn } from "@/test/fixtures";
import {
  confirmResetViaApi,
  expectInvalidToken,
  expireToken,
  insertApiKey,
  latestLink,
  notificationsTo,
  requestResetViaApi,
} from "./account-links";
import { expectUnauthorized, loginViaApi, me, refreshViaApi, registerViaApi } from "./helpers";

// trust.md section 2: invitations, password reset, and what the outbox shows of their links.

const NEW_PASSWORD = "a-fresh-secret-2031";

let admin: SignedIn;
let resend: FakeServer;

beforeAll(async () => {
  admin = await signInAs("ADMIN");
  resend = await startFakeResend();
});

afterEach(async () => {
  await inProcessRunner().drain();
  vi.unstubAllEnvs();
  resend.reset();
});

afterAll(async () => {
  await resend.close();
});

async function resetLinkFor(email: string) {
  const res = await requestResetViaApi(email);
  expect(res.status).toBe(202);
  return latestLink(email, "auth.password_reset");
}

async function tokenRow(token: string) {
  const { hashToken } = await import("@/lib/auth/tokens");
  const [row] = await (
    await getDb()
  )
    .select()
    .from(accountTokens)
    .where(eq(accountTokens.tokenHash, hashToken(token)));
  return row;
}

describe("POST /api/v1/auth/password-reset", () => {
  it("answers 202 {} alike for a user and for an unknown e-mail; only the user gets auth.password_reset", async () => {
    const user = await createTestUser();
    const nobody = uniqueEmail("nobody");
    const known = await requestResetViaApi(user.email);
    const unknown = await requestResetViaApi(nobody);
    expect([known.status, unknown.status]).toEqual([202, 202]);
    expect(known.text).toBe("{}");
    expect(unknown.text).toBe(known.text);
    expect(unknown.headers.get("content-type")).toBe(known.headers.get("content-type"));
    const { row, url, token } = await latestLink(user.email, "auth.password_reset");
    expect(row.channel).toBe("EMAIL");
    expect(url).toBe(`http://localhost:3000/set-password?token=${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(await notificationsTo(nobody, "auth.password_reset")).toEqual([]);
    await expectAuditRow("PASSWORD_RESET_REQUESTED", user.id);
  });

  it("takes about the same time for a user and for an unknown e-mail", async () => {
    // A user of its own per round: an e-mail takes 5 requests an hour.
    const users = await Promise.all(Array.from({ length: 6 }, () => createTestUser()));
    const timed = async (email: string) => {
      const started = performance.now();
      expect((await requestResetViaApi(email)).status).toBe(202);
      return performance.now() - started;
    };
    // Interleaved and the median taken, so that a slow moment of the machine counts for both.
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (const user of users) {
      knownTimes.push(await timed(user.email));
      unknownTimes.push(await timed(uniqueEmail("nobody")));
      await inProcessRunner().drain();
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    // Nothing on the request's path depends on the account (the link is made in the background).
    expect(Math.abs(median(knownTimes) - median(unknownTimes))).toBeLessThan(50);
  });

  it("stores the token only as a SHA-256 hash, valid 30 minutes", async () => {
    const user = await createTestUser();
    const { token } = await resetLinkFor(user.email);
    const row = await tokenRow(token);
    expect(row.kind).toBe("PASSWORD_RESET");
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    const minutes = (row.expiresAt.getTime() - row.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(30, 0);
  });

  it("sends nothing for a deactivated user", async () => {
    const user = await createTestUser();
    await api("PATCH", `/api/v1/auth/users/${user.id}`, { token: admin.token, body: { is_active: false } });
    expect((await requestResetViaApi(user.email)).status).toBe(202);
    expect(await notificationsTo(user.email, "auth.password_reset")).toEqual([]);
  });

  it("allows 5 requests per e-mail an hour, a user's or not, from any address; the 6th is 429", async () => {
    for (const email of [(await createTestUser()).email, uniqueEmail("nobody")]) {
      for (let i = 0; i < 5; i++) expect((await requestResetViaApi(email, testAddress())).status).toBe(202);
      const refused = await requestResetViaApi(email.toUpperCase(), testAddress());
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    }
  });

  it("allows 30 requests per client address an hour across e-mails; the 31st is 429", async () => {
    const address = testAddress();
    for (let i = 0; i < 30; i++) expect((await requestResetViaApi(uniqueEmail("spray"), address)).status).toBe(202);
    expect((await requestResetViaApi(uniqueEmail("spray"), address)).status).toBe(429);
    expect((await requestResetViaApi(uniqueEmail("spray"), testAddress())).status).toBe(202);
  });

  it("refuses a malformed e-mail as invalid input (422)", async () => {
    expect((await requestResetViaApi("not-an-email")).status).toBe(422);
  });
});

describe("POST /api/v1/auth/password-reset/confirm with a reset token", () => {
  it("sets the password (200 {id, email}), verifies the user and ends every session and refresh token", async () => {
    const email = uniqueEmail("forgot");
    const registered = await registerViaApi({ email, password: "the-old-password-1" });
    const first = await loginViaApi(email, "the-old-password-1");
    const second = await loginViaApi(email, "the-old-password-1");
    const { token } = await resetLinkFor(email);

    const res = await confirmResetViaApi(token, NEW_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: registered.body.id, email });

    expectUnauthorized(await me(first.body.access_token));
    expectUnauthorized(await me(second.body.access_token));
    expectUnauthorized(await refreshViaApi(first.body.refresh_token));
    expectUnauthorized(await loginViaApi(email, "the-old-password-1"));
    const login = await loginViaApi(email, NEW_PASSWORD);
    expect(login.status).toBe(200);
    expect((await me(login.body.access_token)).body.is_verified).toBe(true);
    const open = await (await getDb()).select().from(sessions).where(eq(sessions.userId, registered.body.id));
    expect(open.filter((session) => !session.revokedAt).length).toBe(1);
    await expectAuditRow("PASSWORD_RESET", registered.body.id);
  });

  it("uses the token up: a second confirm is 400 invalid_token", async () => {
    const user = await createTestUser();
    const { token } = await resetLinkFor(user.email);
    expect((await confirmResetViaApi(token, NEW_PASSWORD)).status).toBe(200);
    expectInvalidToken(await confirmResetViaApi(token, "another-fresh-secret-2032"));
  });

  it("answers 400 invalid_token to an unknown, expired or superseded token", async () => {
    expectInvalidToken(await confirmResetViaApi("not-a-token", NEW_PASSWORD), "unknown");
    const user = await createTestUser();
    const { token: old } = await resetLinkFor(user.email);
    const { token: newer } = await resetLinkFor(user.email);
    expectInvalidToken(await confirmResetViaApi(old, NEW_PASSWORD), "superseded");
    await expireToken(newer);
    expectInvalidToken(await confirmResetViaApi(newer, NEW_PASSWORD), "expired");
    expect((await loginViaApi(user.email, user.password)).status).toBe(200);
  });

  it("does not take a verification token (400 invalid_token)", async () => {
    const email = uniqueEmail("reg");
    await registerViaApi({ email, password: "a-good-password" });
    const { token } = await latestLink(email, "auth.verify_email");
    expectInvalidToken(await confirmResetViaApi(token, NEW_PASSWORD));
  });

  it("refuses a weak password (422 weak_password) and a recent one (400); the token still works afterwards", async () => {
    const user = await createTestUser();
    const { token } = await resetLinkFor(user.email);
    const weak = await confirmResetViaApi(token, "12345678");
    expect(weak.status).toBe(422);
    expect(weak.body.code).toBe("weak_password");
    const named = await confirmResetViaApi(token, `${user.email.split("@")[0]}-2031`);
    expect(named.status).toBe(422);
    expect(named.body.code).toBe("weak_password");
    const reused = await confirmResetViaApi(token, user.password);
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe("password_reused");
    const tooShort = await confirmResetViaApi(token, "short");
    expect(tooShort.status).toBe(422);
    expect((await confirmResetViaApi(token, NEW_PASSWORD)).status).toBe(200);
  });

  it("answers 400 invalid_token for a deactivated user's link", async () => {
    const user = await createTestUser();
    const { token } = await resetLinkFor(user.email);
    await api("PATCH", `/api/v1/auth/users/${user.id}`, { token: admin.token, body: { is_active: false } });
    expectInvalidToken(await confirmResetViaApi(token, NEW_PASSWORD));
  });

  it("of two confirms with one token at once, exactly one succeeds", async () => {
    const user = await createTestUser();
    const { token } = await resetLinkFor(user.email);
    const answers = await Promise.all([
      confirmResetViaApi(token, NEW_PASSWORD),
      confirmResetViaApi(token, "another-fresh-secret-2032"),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 400]);
  });

  it("a password change voids the reset links still outstanding", async () => {
    const caller = await signInAs("CLIENTE");
    const { token } = await resetLinkFor(caller.user.email);
    const changed = await api("POST", "/api/v1/auth/password", {
      token: caller.token,
      body: { current_password: caller.user.password, new_password: NEW_PASSWORD },
    });
    expect(changed.status).toBe(204);
    expectInvalidToken(await confirmResetViaApi(token, "another-fresh-secret-2032"));
  });
});

describe("invitations", () => {
  it("POST /auth/users without a password: 201, auth.invitation with {APP_URL}/set-password?token= valid 7 days; no sign-in before a password is set", async () => {
    const email = uniqueEmail("invited");
    const res = await api("POST", "/api/v1/auth/users", {
      token: admin.token,
      body: { email, full_name: "Sofía Vendedora", roles: ["VENDEDOR"] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email, is_verified: true, is_active: true });
    const { url, token } = await latestLink(email, "auth.invitation");
    expect(url).toBe(`http://localhost:3000/set-password?token=${token}`);
    const row = await tokenRow(token);
    expect(row.kind).toBe("INVITATION");
    expect((row.expiresAt.getTime() - row.createdAt.getTime()) / 86_400_000).toBeCloseTo(7, 3);
    const [stored] = await (await getDb()).select().from(users).where(eq(users.id, res.body.id));
    expect(stored.passwordHash).toBeNull();
    for (const guess of ["", "a-good-password", "correct-horse-battery"])
      expect((await loginViaApi(email, guess)).status).not.toBe(200);

    const set = await confirmResetViaApi(token, NEW_PASSWORD);
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ id: res.body.id, email });
    const login = await loginViaApi(email, NEW_PASSWORD);
    expect(login.status).toBe(200);
    expect((await me(login.body.access_token)).body.roles.map((role: { name: string }) => role.name)).toEqual([
      "VENDEDOR",
    ]);
    await expectAuditRow("INVITATION_ACCEPTED", res.body.id);
    expectInvalidToken(await confirmResetViaApi(token, "another-fresh-secret-2032"), "used");
  });

  it("POST /auth/users/{id}/invitation sends a new one (202 {}); the older one stops working", async () => {
    const email = uniqueEmail("invited");
    const created = await api("POST", "/api/v1/auth/users", { token: admin.token, body: { email } });
    const { token: first } = await latestLink(email, "auth.invitation");
    const res = await api("POST", `/api/v1/auth/users/${created.body.id}/invitation`, { token: admin.token });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({});
    const { token: second } = await latestLink(email, "auth.invitation");
    expect(second).not.toBe(first);
    expectInvalidToken(await confirmResetViaApi(first, NEW_PASSWORD), "superseded");
    expect((await confirmResetViaApi(second, NEW_PASSWORD)).status).toBe(200);
    await expectAuditRow("INVITATION_SENT", created.body.id);
  });

  it("POST /auth/users/{id}/invitation: 404 for an unknown user, 403 for VENDEDOR and CLIENTE", async () => {
    const missing = await api("POST", `/api/v1/auth/users/${crypto.randomUUID()}/invitation`, { token: admin.token });
    expect(missing.status).toBe(404);
    const target = await createTestUser();
    for (const role of ["VENDEDOR", "CLIENTE"] as const) {
      const caller = await signInAs(role);
      expect((await api("POST", `/api/v1/auth/users/${target.id}/invitation`, { token: caller.token })).status).toBe(
        403,
      );
    }
  });

  it("an API key never invites an ADMIN, whatever its permissions (403)", async () => {
    const key = await insertApiKey(["users:manage", "notifications:read"]);
    const target = await createTestUser({ roles: ["ADMIN"] });
    const res = await api("POST", `/api/v1/auth/users/${target.id}/invitation`, { apiKey: key });
    expect(res.status).toBe(403);
    expect(await notificationsTo(target.email, "auth.invitation")).toEqual([]);
  });

  it("a weak password in POST /auth/users is 422 weak_password and creates nobody", async () => {
    const email = uniqueEmail("weak");
    const res = await api("POST", "/api/v1/auth/users", { token: admin.token, body: { email, password: "password1" } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("weak_password");
    expect(
      (await api("GET", `/api/v1/auth/users?email=${encodeURIComponent(email)}`, { token: admin.token })).body.total,
    ).toBe(0);
  });
});

describe("the link in the outbox (GET /notifications)", () => {
  async function listFor(email: string, credentials: { token?: string; apiKey?: string }) {
    const res = await api("GET", `/api/v1/notifications?recipient=${encodeURIComponent(email)}`, credentials);
    expect(res.status).toBe(200);
    return res.body.items as Array<{ template: string; status: string; payload: { url?: string } }>;
  }

  it("without an e-mail provider the message is SKIPPED and an administrator reads the whole link", async () => {
    vi.stubEnv("RESEND_API_KEY", undefined);
    const user = await createTestUser();
    const { token } = await resetLinkFor(user.email);
    const [item] = await listFor(user.email, { token: admin.token });
    expect(item).toMatchObject({ template: "auth.password_reset", status: "SKIPPED" });
    expect(item.payload.url).toBe(`http://localhost:3000/set-password?token=${token}`);
  });

  it("an API key holding notifications:read does not list account links at all (docs/tenancy.md)", async () => {
    const key = await insertApiKey(["notifications:read"]);
    const email = uniqueEmail("invited");
    await api("POST", "/api/v1/auth/users", { token: admin.token, body: { email } });
    const { token } = await latestLink(email, "auth.invitation");
    expect((await listFor(email, { token: admin.token })).length).toBe(1);
    const items = await listFor(email, { apiKey: key });
    expect(JSON.stringify(items)).not.toContain(token);
    expect(items).toEqual([]);
  });

  it("once SENT the token is no longer stored: the e-mail carried it, the outbox shows it redacted", async () => {
    vi.stubEnv("RESEND_API_KEY", "re_test_key");
    vi.stubEnv("RESEND_BASE_URL", resend.url);
    const email = uniqueEmail("reg");
    await registerViaApi({ email, password: "a-good-password" });
    const [row] = await notificationsTo(email, "auth.verify_email");
    expect(row.status).toBe("SENT");
    expect(row.payload.url).toBe("http://localhost:3000/verify-email?token=REDACTED");
    const sent = JSON.stringify(resend.requests.map((request) => request.body));
    const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(sent)?.[1];
    expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(JSON.stringify(await listFor(email, { token: admin.token }))).not.toContain(token!);
  });
});
