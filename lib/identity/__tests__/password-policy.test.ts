import fc from "fast-check";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { dictionary } from "@zxcvbn-ts/language-common";
import { getDb } from "@/db";
import { seedDatabase } from "@/db/seed";
import { configuredAuthSecret, MIN_AUTH_SECRET_BYTES } from "@/lib/auth/secret";
import { api } from "@/test/api";
import { signInAs, TEST_PASSWORD, uniqueEmail, type SignedIn } from "@/test/fixtures";
import { confirmResetViaApi, latestLink, requestResetViaApi } from "./account-links";
import { loginViaApi, registerViaApi } from "./helpers";
import { COMMON_PASSWORDS_CHECKED, isCommonPassword, passwordWeakness } from "../password-policy";

// trust.md section 2, last point: besides 8 to 128 characters, a password is refused (422
// weak_password) when it is one of the 10,000 most common or contains the e-mail's name (4 characters
// or more); BOOTSTRAP_ADMIN_PASSWORD is not checked; production needs an AUTH_SECRET of 32 bytes.

const RANKED = dictionary["passwords-common"];

let admin: SignedIn;

beforeAll(async () => {
  admin = await signInAs("ADMIN");
});

afterEach(() => {
  vi.unstubAllEnvs();
});

function expectWeak(
  res: { status: number; body: { code?: string; errors?: Array<{ path: string }> } },
  path: string,
  context?: string,
) {
  expect(res.status, context).toBe(422);
  expect(res.body.code, context).toBe("weak_password");
  expect(
    res.body.errors?.map((error) => error.path),
    context,
  ).toEqual([path]);
}

describe("the rules", () => {
  it("refuses 12345678, password, qwerty123 and the other most common passwords, in any letter case", () => {
    for (const password of ["12345678", "password", "qwerty123", "iloveyou", "Password1", "PASSWORD1", "baseball"]) {
      expect(isCommonPassword(password), password).toBe(true);
      expect(passwordWeakness(password, "someone@example.com"), password).toMatch(/most common/);
    }
  });

  it("checks the first 10,000 of the ranked list, and only those", () => {
    expect(COMMON_PASSWORDS_CHECKED).toBe(10_000);
    expect(RANKED.length).toBeGreaterThan(COMMON_PASSWORDS_CHECKED);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: COMMON_PASSWORDS_CHECKED - 1 }), (rank) => isCommonPassword(RANKED[rank])),
      { numRuns: 500 },
    );
    const checked = new Set(RANKED.slice(0, COMMON_PASSWORDS_CHECKED));
    const beyond = RANKED.slice(COMMON_PASSWORDS_CHECKED).filter((password) => !checked.has(password));
    expect(beyond.length).toBeGreaterThan(0);
    for (const password of beyond.slice(0, 50)) expect(isCommonPassword(password), password).toBe(false);
  });

  it("accepts uncommon passwords that do not carry the e-mail's name", () => {
    for (const password of [TEST_PASSWORD, "a-good-password", "kq7!zx2w", "luz de la mañana 1987"]) {
      expect(passwordWeakness(password, "maria.lopez@example.com"), password).toBeNull();
    }
  });

  it("refuses a password containing the e-mail's name when it has 4 characters or more, in any letter case", () => {
    expect(passwordWeakness("xMaria.Lopez99!", "maria.lopez@example.com")).toMatch(/e-mail/);
    expect(passwordWeakness("juan-es-el-mejor", "JUAN@example.com")).toMatch(/e-mail/);
    // Three characters are too short to count: "ana" appears in many words.
    expect(passwordWeakness("banana-split-77", "ana@example.com")).toBeNull();
    // The domain is not the name.
    expect(passwordWeakness("example-garden-7", "maria@example.com")).toBeNull();
  });

  it("any password that contains a 4-character e-mail name is refused (property)", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9._]{4,20}$/),
        fc.string({ maxLength: 20 }),
        fc.string({ maxLength: 20 }),
        (name, before, after) =>
          passwordWeakness(`${before}${name.toUpperCase()}${after}`, `${name}@example.com`) !== null,
      ),
    );
  });
});

describe("every way of choosing a password applies them (422 weak_password)", () => {
  it("POST /auth/register", async () => {
    expectWeak(await registerViaApi({ email: uniqueEmail("weak"), password: "12345678" }), "password", "common");
    const email = uniqueEmail("carmen");
    expectWeak(await registerViaApi({ email, password: `My-${email.split("@")[0]}-pass` }), "password", "e-mail name");
    expect((await loginViaApi(email, `My-${email.split("@")[0]}-pass`)).status).toBe(401);
  });

  it("POST /auth/password (the field is new_password) and the old password keeps working", async () => {
    const caller = await signInAs("VENDEDOR");
    const res = await api("POST", "/api/v1/auth/password", {
      token: caller.token,
      body: { current_password: caller.user.password, new_password: "qwertyuiop" },
    });
    expectWeak(res, "new_password");
    expect((await loginViaApi(caller.user.email, caller.user.password)).status).toBe(200);
  });

  it("POST /auth/users with a password", async () => {
    expectWeak(
      await api("POST", "/api/v1/auth/users", {
        token: admin.token,
        body: { email: uniqueEmail("new"), password: "football" },
      }),
      "password",
    );
  });

  it("POST /auth/password-reset/confirm", async () => {
    const caller = await signInAs("CLIENTE");
    await requestResetViaApi(caller.user.email);
    const { token } = await latestLink(caller.user.email, "auth.password_reset");
    expectWeak(await confirmResetViaApi(token, "12345678"), "password");
  });

  it("not BOOTSTRAP_ADMIN_PASSWORD: the operator's start-up account is created as configured", async () => {
    const email = `root-${crypto.randomUUID().slice(0, 8)}@example.com`;
    vi.stubEnv("BOOTSTRAP_ADMIN_EMAIL", email);
    vi.stubEnv("BOOTSTRAP_ADMIN_PASSWORD", "12345678");
    await seedDatabase(await getDb());
    expect((await loginViaApi(email, "12345678")).status).toBe(200);
  });
});

describe("AUTH_SECRET in production", () => {
  const thirtyTwo = "x".repeat(MIN_AUTH_SECRET_BYTES);

  it("is refused under 32 bytes, and when missing", () => {
    expect(() => configuredAuthSecret({ NODE_ENV: "production", AUTH_SECRET: thirtyTwo.slice(1) })).toThrow(
      /at least 32 bytes/,
    );
    expect(() => configuredAuthSecret({ NODE_ENV: "production", NEXTAUTH_SECRET: "short" })).toThrow(
      /at least 32 bytes/,
    );
    expect(() => configuredAuthSecret({ NODE_ENV: "production" })).toThrow(/must be set/);
  });

  it("counts bytes, not characters", () => {
    // 16 two-byte characters: 32 bytes.
    expect(configuredAuthSecret({ NODE_ENV: "production", AUTH_SECRET: "ñ".repeat(16) })).toBe("ñ".repeat(16));
    expect(() => configuredAuthSecret({ NODE_ENV: "production", AUTH_SECRET: "ñ".repeat(15) + "x" })).toThrow(
      /at least 32 bytes/,
    );
  });

  it("is accepted from 32 bytes; outside production a short one still serves development", () => {
    expect(configuredAuthSecret({ NODE_ENV: "production", AUTH_SECRET: thirtyTwo })).toBe(thirtyTwo);
    expect(configuredAuthSecret({ NODE_ENV: "development", AUTH_SECRET: "short" })).toBe("short");
    expect(configuredAuthSecret({ NODE_ENV: "test" })).toBeNull();
  });
});
