import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { api, type ApiResponse } from "@/test/api";
import { insertStoredApiKey } from "@/test/api-keys";
import { EVERY_PERMISSION, KEY_FORBIDDEN_PERMISSIONS, KEY_PERMISSIONS } from "@/test/contract-permissions";
import { startFakeStripe, type FakeStripe } from "@/test/fakes/stripe";
import { signInAs, testAddress, type SignedIn } from "@/test/fixtures";
import {
  CONTRACT,
  everyRouteKey,
  keyMayCall,
  permissionsOf,
  ROLE_PERMISSIONS,
  roleMayCall,
  USERS_ONLY,
  type Role,
} from "./contract-access";

// Issue 8.1: every method of every route, called as nobody, as each role and with API keys, against the
// contract (api-contract.md section 3 and the access named in sections 4-11). The table is transcribed
// from the contract (contract-access.ts), not read from the operation definitions. A caller that passes
// the access check is "served": whatever the answer to a minimal request (404 for a random id, 422 for an
// empty body, 409), it is not 401 or 403. Keys (trust.md section 3) hold any permission but the four that
// reach beyond their company: a route that needs one of those refuses every key, even one stored with it
// before the rule.

const ROLES = Object.keys(ROLE_PERMISSIONS) as Role[];

/** A concrete path for a route pattern: random UUIDs for ids, a made-up verification token. */
function concretePath(pattern: string): string {
  return pattern.replace(/\[(\w+)\]/g, (_, name: string) => (name === "token" ? "not-a-real-token" : randomUUID()));
}

// Requests whose minimal form would still change who is signed in: each such call gets a fresh user.
const SESSION_CHANGING = new Set([
  "POST /api/v1/auth/logout",
  "POST /api/v1/auth/logout-all",
  "POST /api/v1/auth/password",
]);

async function call(key: string, credentials: { token?: string; apiKey?: string }): Promise<ApiResponse> {
  const [method, pattern] = key.split(" ");
  const withBody = method === "POST" || method === "PATCH" || method === "PUT";
  // A fresh client address per call: per-address limits (register, leads) never trip here.
  return api(method, concretePath(pattern), {
    ...credentials,
    body: withBody ? {} : undefined,
    headers: { "x-forwarded-for": testAddress() },
  });
}

function expectServed(response: ApiResponse, context: string) {
  expect([401, 403], `${context}: ${response.status} ${response.text.slice(0, 200)}`).not.toContain(response.status);
  // Passing the access check with a minimal request may end in 4xx, never in a crash.
  expect(response.status, `${context}: ${response.text.slice(0, 200)}`).not.toBe(500);
}

const signedIn = {} as Record<Role, SignedIn>;
const keyWith = new Map<string, string>(); // rule (as JSON) -> a key holding exactly its permissions
const keyWithout = new Map<string, string>(); // rule -> a key holding every other permission a key may hold
let keyWithEverything: string; // every permission a key may hold
let storedKeyWithEverything: string; // every permission, the four included: a key stored before trust.md
let stripe: FakeStripe;

afterAll(async () => {
  await stripe?.close();
});

beforeAll(async () => {
  // Card payments configured (the fake Stripe), so the payment routes answer as in production.
  stripe = await startFakeStripe();
  vi.stubEnv("STRIPE_SECRET_KEY", "sk_test_x");
  vi.stubEnv("STRIPE_API_BASE", stripe.url);
  vi.stubEnv("STRIPE_WEBHOOK_SECRET", "whsec_x");
  for (const role of ROLES) signedIn[role] = await signInAs(role);
  const createKey = async (permissions: string[]) => {
    const res = await api("POST", "/api/v1/auth/api-keys", {
      token: signedIn.ADMIN.token,
      body: { name: `matrix ${permissions.length}`, permissions },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.key as string;
  };
  keyWithEverything = await createKey(KEY_PERMISSIONS);
  storedKeyWithEverything = (await insertStoredApiKey(EVERY_PERMISSION)).key;
  for (const rule of new Set(Object.values(CONTRACT).map((rule) => JSON.stringify(rule)))) {
    const needed = permissionsOf(JSON.parse(rule));
    if (needed.length === 0 || !keyMayCall(JSON.parse(rule))) continue;
    keyWith.set(rule, await createKey(needed));
    keyWithout.set(rule, await createKey(KEY_PERMISSIONS.filter((permission) => !needed.includes(permission))));
  }
});

describe("access matrix (contract section 3)", () => {
  it("has a rule for every method of every route, and none for a route that does not exist", async () => {
    expect(await everyRouteKey()).toEqual(Object.keys(CONTRACT).sort());
  });

  it("transcribes only permissions the contract names", () => {
    for (const rule of Object.values(CONTRACT))
      for (const permission of permissionsOf(rule)) expect(EVERY_PERMISSION).toContain(permission);
  });

  it.each(KEY_FORBIDDEN_PERMISSIONS)(
    "refuses (422) to create a key holding %s, beside a permission a key may hold",
    async (permission) => {
      const res = await api("POST", "/api/v1/auth/api-keys", {
        token: signedIn.ADMIN.token,
        body: { name: "too strong", permissions: ["plans:read", permission] },
      });
      expect(res.status, res.text).toBe(422);
    },
  );

  describe.each(Object.entries(CONTRACT))("%s", (key, rule) => {
    if (rule === "public") {
      it("serves anonymous callers", async () => {
        expectServed(await call(key, {}), "anonymous");
      });
    } else {
      it("refuses anonymous callers: 401 with a detail and WWW-Authenticate: Bearer", async () => {
        const res = await call(key, {});
        expect(res.status, res.text).toBe(401);
        expect(typeof res.body?.detail).toBe("string");
        expect(res.headers.get("www-authenticate") ?? "").toMatch(/^Bearer\b/);
      });
    }

    it.each(ROLES)("%s, as the permission table says", async (role) => {
      const caller = SESSION_CHANGING.has(key) ? await signInAs(role) : signedIn[role];
      const res = await call(key, { token: caller.token });
      if (roleMayCall(role, rule)) expectServed(res, role);
      else {
        expect(res.status, `${role}: ${res.text}`).toBe(403);
        expect(typeof res.body?.detail).toBe("string");
      }
    });

    if (rule === "user") {
      it("refuses an API key, even one holding every permission (403): it is not a user", async () => {
        expect((await call(key, { apiKey: keyWithEverything })).status).toBe(403);
      });
    } else if (USERS_ONLY.has(key)) {
      it("refuses an API key, even one holding the permission or every permission (403): signed-in users only", async () => {
        expect((await call(key, { apiKey: keyWith.get(JSON.stringify(rule)) })).status).toBe(403);
        expect((await call(key, { apiKey: keyWithEverything })).status).toBe(403);
        expect((await call(key, { apiKey: storedKeyWithEverything })).status).toBe(403);
      });
    } else if (rule !== "public" && keyMayCall(rule)) {
      it("serves an API key holding exactly the permission", async () => {
        expectServed(await call(key, { apiKey: keyWith.get(JSON.stringify(rule)) }), "key with the permission");
      });
      it("refuses (403) an API key holding every permission a key may hold but this one", async () => {
        const res = await call(key, { apiKey: keyWithout.get(JSON.stringify(rule)) });
        expect(res.status, res.text).toBe(403);
      });
      it("serves a key stored before trust.md with every permission", async () => {
        expectServed(await call(key, { apiKey: storedKeyWithEverything }), "stored key");
      });
    } else if (rule !== "public") {
      it("refuses (403) every API key: a key cannot hold the permission, not even one stored with it before trust.md", async () => {
        for (const apiKey of [keyWithEverything, storedKeyWithEverything]) {
          const res = await call(key, { apiKey });
          expect(res.status, res.text).toBe(403);
          expect(typeof res.body?.detail).toBe("string");
        }
      });
      it("refuses (422) to create a key holding exactly the permission", async () => {
        const res = await api("POST", "/api/v1/auth/api-keys", {
          token: signedIn.ADMIN.token,
          body: { name: "too strong", permissions: permissionsOf(rule) },
        });
        expect(res.status, res.text).toBe(422);
      });
    }
  });

  it("refuses an unknown API key and a forged bearer token (401)", async () => {
    for (const credentials of [{ apiKey: "not-a-key" }, { token: "not.a.jwt" }]) {
      const res = await call("GET /api/v1/auth/me", credentials);
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate") ?? "").toMatch(/^Bearer\b/);
    }
  });
});
