import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { passwordHistory, users } from "@/db/schema";
import { api } from "@/test/api";
import { expectAuditRow, signInAs, uniqueEmail } from "@/test/fixtures";
import { expectUnauthorized, loginViaApi, me, refreshViaApi, registerViaApi } from "./helpers";

const PASSWORD_REUSED = "the new password cannot be one of the last 5 used";

function changePassword(token: string, current_password: string, new_password: string) {
  return api("POST", "/api/v1/auth/password", { token, body: { current_password, new_password } });
}

async function storedHash(userId: string): Promise<string> {
  const db = await getDb();
  const [user] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!user.hash) throw new Error("the user has no password");
  return user.hash;
}

/** The argon2 parameters of a PHC string: $argon2id$v=19$m=19456,t=2,p=1$salt$hash */
function argon2Parameters(hash: string) {
  const [, variant, , params] = hash.split("$");
  const values = Object.fromEntries(params.split(",").map((pair) => pair.split("=")));
  return { variant, m: Number(values.m), t: Number(values.t), p: Number(values.p) };
}

describe("POST /api/v1/auth/password", () => {
  it("changes the password (204): the old one no longer signs in, the new one does; audited PASSWORD_CHANGED", async () => {
    const caller = await signInAs("CLIENTE");
    const res = await changePassword(caller.token, caller.user.password, "a-brand-new-password");
    expect(res.status).toBe(204);
    expectUnauthorized(await loginViaApi(caller.user.email, caller.user.password));
    expect((await loginViaApi(caller.user.email, "a-brand-new-password")).status).toBe(200);
    const row = await expectAuditRow("PASSWORD_CHANGED", caller.user.id);
    expect(row.userId).toBe(caller.user.id);
  });

  it("refuses a wrong current password (401) and keeps the old one", async () => {
    const caller = await signInAs("CLIENTE");
    const res = await changePassword(caller.token, "not-the-password", "a-brand-new-password");
    expectUnauthorized(res);
    expect((await loginViaApi(caller.user.email, caller.user.password)).status).toBe(200);
    // The caller is still signed in: a wrong current password does not end the session.
    expect((await me(caller.token)).status).toBe(200);
  });

  it.each([
    ["shorter than 8 characters", "short12"],
    ["longer than 128 characters", "p".repeat(129)],
  ])("refuses a new password %s (422)", async (_, weak) => {
    const caller = await signInAs("CLIENTE");
    const res = await changePassword(caller.token, caller.user.password, weak);
    expect(res.status).toBe(422);
    expect((await loginViaApi(caller.user.email, caller.user.password)).status).toBe(200);
  });

  it("refuses the current password as the new one (400)", async () => {
    const caller = await signInAs("CLIENTE");
    const res = await changePassword(caller.token, caller.user.password, caller.user.password);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(PASSWORD_REUSED);
  });

  it("refuses any of the last 5 passwords (400), accepts one used 6 changes ago, and keeps only 5 hashes", async () => {
    const caller = await signInAs("CLIENTE");
    const passwords = [
      caller.user.password,
      "second-password",
      "third-password",
      "fourth-password",
      "fifth-password",
      "sixth-password",
    ];
    // Changes 1 to 4: the history is now p0..p4 (p4 current); every one of them is refused.
    for (let i = 1; i <= 4; i++)
      expect((await changePassword(caller.token, passwords[i - 1], passwords[i])).status, `change ${i}`).toBe(204);
    for (const old of passwords.slice(0, 5)) {
      const res = await changePassword(caller.token, passwords[4], old);
      expect(res.status, `reusing ${old}`).toBe(400);
      expect(res.body.detail).toBe(PASSWORD_REUSED);
    }
    // Change 5: p0 leaves the last five (p1..p5); p1 is still refused, p0 is accepted again.
    expect((await changePassword(caller.token, passwords[4], passwords[5])).status).toBe(204);
    expect((await changePassword(caller.token, passwords[5], passwords[1])).status).toBe(400);
    expect((await changePassword(caller.token, passwords[5], passwords[0])).status).toBe(204);
    expect((await loginViaApi(caller.user.email, passwords[0])).status).toBe(200);

    // Only those five hashes are kept (contract section 3), the current one the newest.
    const db = await getDb();
    const history = await db
      .select({ hash: passwordHistory.passwordHash })
      .from(passwordHistory)
      .where(eq(passwordHistory.userId, caller.user.id))
      .orderBy(desc(passwordHistory.createdAt));
    expect(history).toHaveLength(5);
    expect(history[0].hash).toBe(await storedHash(caller.user.id));
  });

  it("revokes the user's other sessions and keeps the current one", async () => {
    const caller = await signInAs("VENDEDOR");
    const other = await loginViaApi(caller.user.email, caller.user.password);
    expect((await changePassword(caller.token, caller.user.password, "a-brand-new-password")).status).toBe(204);

    expectUnauthorized(await me(other.body.access_token), "other session's access token");
    expectUnauthorized(await refreshViaApi(other.body.refresh_token), "other session's refresh token");
    expect((await me(caller.token)).status).toBe(200);
    expect((await refreshViaApi(caller.refreshToken)).status).toBe(200);
  });

  it("refuses an API key caller (403): it has no password", async () => {
    const admin = await signInAs("ADMIN");
    const key = await api("POST", "/api/v1/auth/api-keys", {
      token: admin.token,
      body: { name: "crm", permissions: ["leads:read"] },
    });
    const res = await api("POST", "/api/v1/auth/password", {
      apiKey: key.body.key,
      body: { current_password: "whatever-1", new_password: "whatever-2" },
    });
    expect(res.status).toBe(403);
  });
});

describe("password hashing", () => {
  it("stores argon2id hashes with at least m=19456 and t=2, never the password", async () => {
    const reg = await registerViaApi({ email: uniqueEmail("hash"), password: "a-good-password" });
    expect(reg.status).toBe(201);
    const hash = await storedHash(reg.body.id);
    expect(hash.startsWith("$argon2id$")).toBe(true);
    expect(hash).not.toContain("a-good-password");
    const params = argon2Parameters(hash);
    expect(params.m).toBeGreaterThanOrEqual(19456);
    expect(params.t).toBeGreaterThanOrEqual(2);

    // A changed password is hashed the same way, with its own salt.
    const login = await loginViaApi(reg.body.email, "a-good-password");
    expect((await changePassword(login.body.access_token, "a-good-password", "another-good-password")).status).toBe(
      204,
    );
    const changed = await storedHash(reg.body.id);
    expect(changed).not.toBe(hash);
    expect(argon2Parameters(changed)).toMatchObject({ variant: "argon2id", m: params.m, t: params.t });
  });
});
