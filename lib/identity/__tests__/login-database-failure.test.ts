import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { loginAttempts } from "@/db/schema";
import { createTestUser } from "@/test/fixtures";
import { loginViaApi } from "./helpers";

// A login that fails for a reason that is not the caller's (the database going away after its attempt was
// reserved) must not count as a failed sign-in: a database restart would otherwise lock out every user
// whose login was in flight, for 15 minutes, with the right password.

const outage = vi.hoisted(() => ({ failures: 0 }));

vi.mock("../internal", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../internal")>();
  return {
    ...actual,
    findUserByEmail: async (...args: Parameters<typeof actual.findUserByEmail>) => {
      if (outage.failures > 0) {
        outage.failures--;
        throw Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
      }
      return actual.findUserByEmail(...args);
    },
  };
});

afterEach(() => {
  outage.failures = 0;
});

async function attemptsFor(email: string) {
  return (await getDb()).select().from(loginAttempts).where(eq(loginAttempts.email, email));
}

describe("a login cut by the database", () => {
  it("answers 503, keeps no failed attempt, and the right password still signs in after more than five of them", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const user = await createTestUser({ roles: ["VENDEDOR"] });
    outage.failures = 6;
    for (let i = 0; i < 6; i++)
      expect((await loginViaApi(user.email, user.password)).status, `login ${i + 1}`).toBe(503);
    await vi.waitFor(async () => expect(await attemptsFor(user.email)).toEqual([]));
    const login = await loginViaApi(user.email, user.password);
    expect(login.status, login.text).toBe(200);
  });

  it("still counts a wrong password as a failure", async () => {
    const user = await createTestUser({ roles: ["VENDEDOR"] });
    expect((await loginViaApi(user.email, "not-the-password")).status).toBe(401);
    expect(await attemptsFor(user.email)).toHaveLength(1);
  });
});
