import { beforeAll, describe, expect, it } from "vitest";
import { api, listRoutes } from "@/test/api";
import { createTestUser, signInAs, TEST_PASSWORD, uniqueEmail, type SignedIn } from "@/test/fixtures";
import { expectUnauthorized } from "./helpers";

// Every identity route and who may call it. Admin routes need users:manage (ADMIN only); "user" routes
// need a signed-in user (any role, but not an API key). Each request is valid, so that the ADMIN (or
// user) call at the end of each case succeeds and the refusals are about the caller only.

type Fixtures = { admin: SignedIn; userId: string; roleId: string; apiKeyId: () => Promise<string> };
type Case = {
  method: string;
  path: (f: Fixtures) => string | Promise<string>;
  body?: (f: Fixtures) => unknown;
  okStatus: number;
};

const ADMIN_ROUTES: Record<string, Case> = {
  "GET /api/v1/auth/roles": { method: "GET", path: () => "/api/v1/auth/roles", okStatus: 200 },
  "POST /api/v1/auth/roles/assign": {
    method: "POST",
    path: () => "/api/v1/auth/roles/assign",
    body: (f) => ({ user_id: f.userId, role_id: f.roleId }),
    okStatus: 200,
  },
  "DELETE /api/v1/auth/roles/assign": {
    method: "DELETE",
    path: () => "/api/v1/auth/roles/assign",
    body: (f) => ({ user_id: f.userId, role_id: f.roleId }),
    okStatus: 200,
  },
  "GET /api/v1/auth/users": { method: "GET", path: () => "/api/v1/auth/users", okStatus: 200 },
  "POST /api/v1/auth/users/[id]/invitation": {
    method: "POST",
    path: (f) => `/api/v1/auth/users/${f.userId}/invitation`,
    okStatus: 202,
  },
  "POST /api/v1/auth/users": {
    method: "POST",
    path: () => "/api/v1/auth/users",
    body: () => ({ email: uniqueEmail(), password: "a-good-password" }),
    okStatus: 201,
  },
  "PATCH /api/v1/auth/users/[id]": {
    method: "PATCH",
    path: (f) => `/api/v1/auth/users/${f.userId}`,
    body: () => ({ full_name: "Renamed" }),
    okStatus: 200,
  },
  "GET /api/v1/auth/api-keys": { method: "GET", path: () => "/api/v1/auth/api-keys", okStatus: 200 },
  "POST /api/v1/auth/api-keys": {
    method: "POST",
    path: () => "/api/v1/auth/api-keys",
    body: () => ({ name: "crm", permissions: ["leads:read"] }),
    okStatus: 201,
  },
  "DELETE /api/v1/auth/api-keys/[id]": {
    method: "DELETE",
    path: async (f) => `/api/v1/auth/api-keys/${await f.apiKeyId()}`,
    okStatus: 200,
  },
};

const USER_ROUTES: Record<string, Case> = {
  "GET /api/v1/auth/me": { method: "GET", path: () => "/api/v1/auth/me", okStatus: 200 },
  "PATCH /api/v1/auth/me": {
    method: "PATCH",
    path: () => "/api/v1/auth/me",
    body: () => ({ locale: "en" }),
    okStatus: 200,
  },
  "POST /api/v1/auth/password": {
    method: "POST",
    path: () => "/api/v1/auth/password",
    body: () => ({ current_password: TEST_PASSWORD, new_password: "a-brand-new-password" }),
    okStatus: 204,
  },
  "POST /api/v1/auth/logout": { method: "POST", path: () => "/api/v1/auth/logout", okStatus: 204 },
  "POST /api/v1/auth/logout-all": { method: "POST", path: () => "/api/v1/auth/logout-all", okStatus: 204 },
  // Users created by an administrator are verified already: the route serves them with 409.
  "POST /api/v1/auth/verify-email/resend": {
    method: "POST",
    path: () => "/api/v1/auth/verify-email/resend",
    okStatus: 409,
  },
};

const PUBLIC_ROUTES = [
  "POST /api/v1/auth/register",
  "POST /api/v1/auth/login",
  "POST /api/v1/auth/refresh",
  "POST /api/v1/auth/verify-email",
  "POST /api/v1/auth/password-reset",
  "POST /api/v1/auth/password-reset/confirm",
];

let fixtures: Fixtures;
let crmKey: string;

beforeAll(async () => {
  const admin = await signInAs("ADMIN");
  const roles = (await api("GET", "/api/v1/auth/roles", { token: admin.token })).body as Array<{
    id: string;
    name: string;
  }>;
  fixtures = {
    admin,
    userId: (await createTestUser()).id,
    roleId: roles.find((role) => role.name === "VENDEDOR")!.id,
    apiKeyId: async () =>
      (
        await api("POST", "/api/v1/auth/api-keys", {
          token: admin.token,
          body: { name: "to revoke", permissions: ["leads:read"] },
        })
      ).body.id,
  };
  // An integration key with many permissions, but not users:manage.
  crmKey = (
    await api("POST", "/api/v1/auth/api-keys", {
      token: admin.token,
      body: { name: "crm", permissions: ["leads:read", "leads:write", "geography:read", "emission:write"] },
    })
  ).body.key;
});

async function call(route: Case, credentials: { token?: string; apiKey?: string }) {
  return api(route.method, await route.path(fixtures), { ...credentials, body: route.body?.(fixtures) });
}

describe("identity route access", () => {
  it("the cases below cover every method of every /api/v1/auth route", async () => {
    const served = (await listRoutes())
      .filter((route) => route.path.startsWith("/api/v1/auth"))
      .flatMap((route) => route.methods.map((method) => `${method} ${route.path}`))
      .sort();
    expect(served).toEqual([...Object.keys(ADMIN_ROUTES), ...Object.keys(USER_ROUTES), ...PUBLIC_ROUTES].sort());
  });

  describe.each(Object.entries(ADMIN_ROUTES))("%s (ADMIN only)", (_, route) => {
    it("refuses anonymous callers (401)", async () => {
      expectUnauthorized(await call(route, {}));
    });

    it.each(["VENDEDOR", "CLIENTE"] as const)("refuses %s (403)", async (role) => {
      const caller = await signInAs(role);
      const res = await call(route, { token: caller.token });
      expect(res.status).toBe(403);
      expect(res.body.detail).toEqual(expect.any(String));
    });

    it("refuses an API key without users:manage (403)", async () => {
      expect((await call(route, { apiKey: crmKey })).status).toBe(403);
    });

    it("serves ADMIN", async () => {
      expect((await call(route, { token: fixtures.admin.token })).status).toBe(route.okStatus);
    });
  });

  describe.each(Object.entries(USER_ROUTES))("%s (signed-in users)", (_, route) => {
    it("refuses anonymous callers (401)", async () => {
      expectUnauthorized(await call(route, {}));
    });

    it("refuses an API key (403): it is not a user", async () => {
      expect((await call(route, { apiKey: crmKey })).status).toBe(403);
    });

    it.each(["ADMIN", "VENDEDOR", "CLIENTE"] as const)("serves %s", async (role) => {
      const caller = await signInAs(role);
      expect((await call(route, { token: caller.token })).status).toBe(route.okStatus);
    });
  });
});
