import { and, eq, sql } from "drizzle-orm";
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditLogs, companies, users } from "@/db/schema";
import { DEFAULT_COMPANY_NAME } from "@/db/seed";
import { api } from "@/test/api";
import { createTestUser, expectAuditRow, signInAs, testAddress, uniqueEmail } from "@/test/fixtures";
import { expectUnauthorized, loginViaApi, me, registerViaApi, sessionIdOf } from "./helpers";

async function defaultCompanyId(): Promise<string> {
  const db = await getDb();
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, DEFAULT_COMPANY_NAME));
  return company.id;
}

async function storedUser(email: string) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return rows;
}

describe("POST /api/v1/auth/register", () => {
  it("creates an unverified CLIENTE of the default company (201)", async () => {
    const email = uniqueEmail("reg");
    const res = await registerViaApi({ email, password: "a-good-password", full_name: "Ana Pérez" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      email,
      full_name: "Ana Pérez",
      is_verified: false,
      roles: ["CLIENTE"],
      company_id: await defaultCompanyId(),
    });
    // The new account can sign in and is what the response said.
    const login = await loginViaApi(email, "a-good-password");
    expect(login.status).toBe(200);
    const profile = await me(login.body.access_token);
    expect(profile.body).toMatchObject({
      id: res.body.id,
      is_verified: false,
      roles: [{ name: "CLIENTE", level: 10 }],
    });
  });

  it("answers full_name null when none is given", async () => {
    const res = await registerViaApi({ email: uniqueEmail("reg"), password: "a-good-password" });
    expect(res.status).toBe(201);
    expect(res.body.full_name).toBeNull();
  });

  it("stores the e-mail in lower case", async () => {
    const local = uniqueEmail("MiXeD");
    const res = await registerViaApi({ email: local.toUpperCase(), password: "a-good-password" });
    expect(res.status).toBe(201);
    expect(res.body.email).toBe(local.toLowerCase());
    const rows = await storedUser(local);
    expect(rows.map((row) => row.email)).toEqual([local.toLowerCase()]);
  });

  it("refuses an e-mail that exists in another letter case (409) and creates nothing", async () => {
    const email = uniqueEmail("taken");
    expect((await registerViaApi({ email, password: "a-good-password" })).status).toBe(201);
    const again = await registerViaApi({ email: email.toUpperCase(), password: "another-password" });
    expect(again.status).toBe(409);
    expect(again.body.detail).toEqual(expect.any(String));
    expect(await storedUser(email)).toHaveLength(1);
  });

  it.each<[string, (email: string) => Record<string, unknown>]>([
    ["a malformed e-mail", () => ({ email: "not-an-email", password: "a-good-password" })],
    ["a missing e-mail", () => ({ password: "a-good-password" })],
    ["a password of 7 characters", (email) => ({ email, password: "1234567" })],
    ["a password of 129 characters", (email) => ({ email, password: "p".repeat(129) })],
    ["a missing password", (email) => ({ email })],
    ["a NUL character in the name", (email) => ({ email, password: "a-good-password", full_name: "Ana\u0000Pérez" })],
    ["a NUL character in the password", (email) => ({ email, password: "a-good\u0000password" })],
  ])("refuses %s (422) and creates nothing", async (_, bodyFor) => {
    const email = uniqueEmail("bad");
    const res = await registerViaApi(bodyFor(email));
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual(expect.any(String));
    expect(await storedUser(email)).toHaveLength(0);
  });

  it("accepts passwords of exactly 8 and exactly 128 characters", async () => {
    // Not "12345678" any more: one of the most common passwords (trust.md section 2).
    expect((await registerViaApi({ email: uniqueEmail("p8"), password: "kq7!zx2w" })).status).toBe(201);
    const email = uniqueEmail("p128");
    expect((await registerViaApi({ email, password: "p".repeat(128) })).status).toBe(201);
    expect((await loginViaApi(email, "p".repeat(128))).status).toBe(200);
  });

  it("refuses a body that is not JSON (422)", async () => {
    const res = await api("POST", "/api/v1/auth/register", {
      rawBody: '{"email": "a@example.com", "password": ',
      headers: { "content-type": "application/json", "x-forwarded-for": testAddress() },
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(/JSON/);
  });

  it("refuses a JSON body sent with another content type (422)", async () => {
    const email = uniqueEmail("ctype");
    for (const type of ["text/plain", "application/x-www-form-urlencoded"]) {
      const res = await api("POST", "/api/v1/auth/register", {
        rawBody: JSON.stringify({ email, password: "a-good-password" }),
        headers: { "content-type": type, "x-forwarded-for": testAddress() },
      });
      expect(res.status, type).toBe(422);
    }
    expect(await storedUser(email)).toHaveLength(0);
  });

  it("refuses a JSON body over 1 MB (413) before parsing it", async () => {
    const email = uniqueEmail("big");
    const res = await api("POST", "/api/v1/auth/register", {
      rawBody: JSON.stringify({ email, password: "a-good-password", full_name: "x".repeat(1024 * 1024) }),
      headers: { "content-type": "application/json", "x-forwarded-for": testAddress() },
    });
    expect(res.status).toBe(413);
    expect(await storedUser(email)).toHaveLength(0);
  });

  it("writes a USER_REGISTERED audit row for the new user", async () => {
    const address = testAddress();
    const res = await registerViaApi({ email: uniqueEmail("audit"), password: "a-good-password" }, address);
    const row = await expectAuditRow("USER_REGISTERED", res.body.id);
    expect(row).toMatchObject({
      userId: res.body.id,
      entity: "users",
      ipAddress: address,
      companyId: res.body.company_id,
    });
  });

  it("allows 30 registrations per minute from one address, then 429; another address is not limited", async () => {
    // The limit is a fixed one-minute window: start early in a window so all 31 calls fall in the same one.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 50));
    const address = testAddress();
    const first30 = await Promise.all(
      Array.from({ length: 30 }, () =>
        registerViaApi({ email: uniqueEmail("burst"), password: "a-good-password" }, address),
      ),
    );
    expect(first30.map((res) => res.status)).toEqual(Array(30).fill(201));
    const email = uniqueEmail("limited");
    const limited = await registerViaApi({ email, password: "a-good-password" }, address);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await storedUser(email)).toHaveLength(0);
    // The same e-mail from another address goes through.
    expect((await registerViaApi({ email, password: "a-good-password" }, testAddress())).status).toBe(201);
  });

  it("ten concurrent registrations of one e-mail: exactly one 201 and nine 409", async () => {
    const email = uniqueEmail("race");
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        registerViaApi({ email: i % 2 ? email.toUpperCase() : email, password: "a-good-password" }),
      ),
    );
    const statuses = results.map((res) => res.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    expect(await storedUser(email)).toHaveLength(1);
  });
});

describe("POST /api/v1/auth/login", () => {
  it("signs in with JSON (200) and returns a bearer pair valid for 15 minutes", async () => {
    const user = await createTestUser();
    const res = await loginViaApi(user.email, user.password);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      token_type: "bearer",
      expires_in: 900,
    });
    const claims = decodeJwt(res.body.access_token);
    expect(claims.sub).toBe(user.id);
    expect(claims.exp! - claims.iat!).toBe(900);
    // The refresh token is opaque and carries at least 256 bits.
    expect(res.body.refresh_token.split(".")).toHaveLength(1);
    expect(res.body.refresh_token.length).toBeGreaterThanOrEqual(43);
    expect((await me(res.body.access_token)).body.id).toBe(user.id);
  });

  it("signs in with the OAuth2 password form (username + password)", async () => {
    const user = await createTestUser();
    const res = await api("POST", "/api/v1/auth/login", {
      rawBody: new URLSearchParams({
        grant_type: "password",
        username: user.email,
        password: user.password,
      }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      token_type: "bearer",
      expires_in: 900,
    });
    expect((await me(res.body.access_token)).body.id).toBe(user.id);

    const wrong = await api("POST", "/api/v1/auth/login", {
      rawBody: new URLSearchParams({ username: user.email, password: "not-the-password" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expectUnauthorized(wrong);
  });

  it("matches the e-mail whatever its letter case", async () => {
    const user = await createTestUser();
    expect((await loginViaApi(user.email.toUpperCase(), user.password)).status).toBe(200);
  });

  it("answers a wrong password and an unknown e-mail with the same 401", async () => {
    const user = await createTestUser();
    const wrongPassword = await loginViaApi(user.email, "not-the-password");
    const unknownEmail = await loginViaApi(uniqueEmail("nobody"), user.password);
    expectUnauthorized(wrongPassword);
    expectUnauthorized(unknownEmail);
    expect(wrongPassword.body).toEqual(unknownEmail.body);
  });

  it("refuses a body without a password (422)", async () => {
    const res = await api("POST", "/api/v1/auth/login", { body: { email: uniqueEmail() } });
    expect(res.status).toBe(422);
  });

  it("after 5 failed attempts for one e-mail, the 6th is 429 with Retry-After even with the right password", async () => {
    const user = await createTestUser();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expectUnauthorized(
        await loginViaApi(attempt % 2 ? user.email : user.email.toUpperCase(), `wrong-${attempt}`),
        `attempt ${attempt}`,
      );
    }
    const sixth = await loginViaApi(user.email, user.password);
    expect(sixth.status).toBe(429);
    const retryAfter = Number(sixth.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(sixth.body.detail).toEqual(expect.any(String));
    // The lock is per e-mail: another account still signs in.
    const other = await createTestUser();
    expect((await loginViaApi(other.email, other.password)).status).toBe(200);
  });

  it("a burst of parallel guesses gets no more than 5 password checks; the rest are 429", async () => {
    const user = await createTestUser();
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => loginViaApi(user.email, `wrong-${i}`)));
    expect(burst.map((res) => res.status).sort()).toEqual([...Array(5).fill(401), ...Array(5).fill(429)]);
    expect((await loginViaApi(user.email, user.password)).status).toBe(429);
  });

  it("a success does not count as a failure", async () => {
    const user = await createTestUser();
    for (let i = 0; i < 6; i++)
      expect((await loginViaApi(user.email, user.password)).status, `login ${i + 1}`).toBe(200);
    for (let attempt = 1; attempt <= 4; attempt++)
      expectUnauthorized(await loginViaApi(user.email, `wrong-${attempt}`));
    expect((await loginViaApi(user.email, user.password)).status).toBe(200);
  });

  it("four failures do not lock the account", async () => {
    const user = await createTestUser();
    for (let attempt = 1; attempt <= 4; attempt++)
      expectUnauthorized(await loginViaApi(user.email, `wrong-${attempt}`));
    expect((await loginViaApi(user.email, user.password)).status).toBe(200);
  });

  it("refuses a deactivated user (401) with the same detail as a wrong password", async () => {
    const admin = await signInAs("ADMIN");
    const user = await createTestUser();
    const patch = await api("PATCH", `/api/v1/auth/users/${user.id}`, {
      token: admin.token,
      body: { is_active: false },
    });
    expect(patch.status).toBe(200);
    const res = await loginViaApi(user.email, user.password);
    expectUnauthorized(res);
    expect(res.body.detail).toBe((await loginViaApi(user.email, "not-the-password")).body.detail);
  });

  it("audits USER_LOGIN for a success and USER_LOGIN_FAILED for a failure", async () => {
    const user = await createTestUser();
    const ok = await loginViaApi(user.email, user.password);
    const loginRow = await expectAuditRow("USER_LOGIN", sessionIdOf(ok.body.access_token));
    expect(loginRow.userId).toBe(user.id);

    await loginViaApi(user.email, "not-the-password");
    const failedRow = await expectAuditRow("USER_LOGIN_FAILED", user.id);
    expect(failedRow.details).toMatchObject({ email: user.email });

    const nobody = uniqueEmail("nobody");
    await loginViaApi(nobody, "whatever-password");
    const db = await getDb();
    const unknownRows = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "USER_LOGIN_FAILED"), sql`${auditLogs.details}->>'email' = ${nobody}`));
    expect(unknownRows).toHaveLength(1);
    expect(unknownRows[0].userId).toBeNull();
  });
});
