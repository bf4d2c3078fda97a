import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { loginAttempts } from "@/db/schema";
import type { DbOrTx } from "@/db";
import { anonymous } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import {
  MAX_FAILED_LOGINS,
  MAX_FAILED_LOGINS_PER_ADDRESS,
  releaseAttempt,
  reserveAttempt,
  slowdownMs,
} from "@/lib/identity/login-attempts";
import { createTestUser, testAddress, uniqueEmail } from "@/test/fixtures";
import { expectUnauthorized, loginViaApi } from "./helpers";

// Trust section 6: sign-in failures are counted per (e-mail, address) and per address, so nobody can
// lock a user out from elsewhere; failures of an e-mail from everywhere only slow its attempts down.

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

describe("sign-in limits", () => {
  it("five failures lock that e-mail from that address only: the user (an administrator) still signs in from theirs", async () => {
    const admin = await createTestUser({ roles: ["ADMIN"] });
    const attacker = testAddress();
    for (let attempt = 1; attempt <= 5; attempt++)
      expectUnauthorized(await loginViaApi(admin.email, `wrong-${attempt}`, attacker), `failure ${attempt}`);

    const locked = await loginViaApi(admin.email, admin.password, attacker);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({
      detail: "too many failed sign-in attempts for this e-mail from this address; try again later",
      code: "rate_limited",
    });
    const retryAfter = Number(locked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    expect((await loginViaApi(admin.email, admin.password, testAddress())).status).toBe(200);
    // The attacker's address may still try other e-mails: the pair is locked, not the address.
    const other = await createTestUser();
    expect((await loginViaApi(other.email, other.password, attacker)).status).toBe(200);
  });

  it("fifty failures from one address, across e-mails, lock that address; a burst cannot slip past the count", async () => {
    const attacker = testAddress();
    const burst = await Promise.all(
      Array.from({ length: MAX_FAILED_LOGINS_PER_ADDRESS + 10 }, (_, i) =>
        loginViaApi(uniqueEmail(`spray${i}`), "a-guessed-password", attacker),
      ),
    );
    const statuses = burst.map((res) => res.status).sort();
    expect(statuses).toEqual([...Array(MAX_FAILED_LOGINS_PER_ADDRESS).fill(401), ...Array(10).fill(429)]);
    for (const refused of burst.filter((res) => res.status === 429)) {
      expect(refused.body).toEqual({
        detail: "too many failed sign-in attempts from this address; try again later",
        code: "rate_limited",
      });
    }

    const user = await createTestUser();
    const fromAttacker = await loginViaApi(user.email, user.password, attacker);
    expect(fromAttacker.status).toBe(429);
    expect(fromAttacker.body.detail).toBe("too many failed sign-in attempts from this address; try again later");
    expect(Number(fromAttacker.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await loginViaApi(user.email, user.password, testAddress())).status).toBe(200);
  });

  it("failures of one e-mail from many addresses slow its attempts down but never refuse them", async () => {
    const user = await createTestUser({ roles: ["VENDEDOR"] });
    // 20 failures from 5 addresses (4 each, under the pair limit): no wait yet.
    for (let address = 0; address < 5; address++) {
      const from = testAddress();
      for (let attempt = 0; attempt < 4; attempt++)
        expectUnauthorized(await loginViaApi(user.email, "wrong-password", from));
    }
    const atTwenty = await timed(() => loginViaApi(user.email, "wrong-password", testAddress()));
    expectUnauthorized(atTwenty.value);
    expect(atTwenty.ms).toBeLessThan(1000);

    // 21 failures now: each attempt, right or wrong, waits 250 ms per failure above 20.
    for (let extra = 0; extra < 3; extra++)
      expectUnauthorized(await loginViaApi(user.email, "wrong-password", testAddress()));
    // 24 failures: 1 s.
    const right = await timed(() => loginViaApi(user.email, user.password, testAddress()));
    expect(right.value.status).toBe(200);
    expect(right.ms).toBeGreaterThanOrEqual(1000);
    const wrong = await timed(() => loginViaApi(user.email, "wrong-password", testAddress()));
    expectUnauthorized(wrong.value);
    expect(wrong.ms).toBeGreaterThanOrEqual(1000);
  });

  it("waits min(5 s, 250 ms x (failures - 20)) above twenty failures, nothing at or below", () => {
    expect([0, 1, 19, 20].map(slowdownMs)).toEqual([0, 0, 0, 0]);
    expect([21, 22, 24, 39, 40, 41, 1000].map(slowdownMs)).toEqual([250, 500, 1000, 4750, 5000, 5000, 5000]);
  });

  it("records each failure with its address, the e-mail in lower case", async () => {
    const email = uniqueEmail("Recorded");
    const from = testAddress();
    expectUnauthorized(await loginViaApi(email.toUpperCase(), "wrong-password", from));
    const rows = await (await getDb()).select().from(loginAttempts).where(eq(loginAttempts.email, email.toLowerCase()));
    expect(rows).toEqual([expect.objectContaining({ email: email.toLowerCase(), ipAddress: from })]);
  });

  it("logins cut by a database outage do not count against the next one, even before their release went through", async () => {
    const user = await createTestUser();
    const from = testAddress();
    const ctx: ServiceContext = { db: await getDb(), actor: anonymous, ipAddress: from, requestId: null };
    // A database that is away: every statement fails, as while the server restarts.
    const away = {
      delete: () => ({ where: () => Promise.reject(new Error("connection refused")) }),
    } as unknown as DbOrTx;
    for (let cut = 0; cut < MAX_FAILED_LOGINS; cut++) {
      const { attemptId } = await reserveAttempt(ctx, user.email);
      releaseAttempt({ ...ctx, db: away }, attemptId);
    }

    // The database is back: the next login deletes those places before it counts.
    expect((await loginViaApi(user.email, user.password, from)).status).toBe(200);
    const left = await (await getDb()).select().from(loginAttempts).where(eq(loginAttempts.email, user.email));
    expect(left).toEqual([]);
  });
});
