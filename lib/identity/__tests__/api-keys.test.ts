import { createHash, randomBytes, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { apiKeys } from "@/db/schema";
import { api } from "@/test/api";
import { insertStoredApiKey } from "@/test/api-keys";
import { KEY_FORBIDDEN_PERMISSIONS, KEY_PERMISSIONS } from "@/test/contract-permissions";
import {
  createTestCompany,
  expectAuditRow,
  signInAs,
  systemCtx,
  TEST_PASSWORD,
  uniqueEmail,
  type SignedIn,
} from "@/test/fixtures";
import { createApiKey } from "../create-api-key";
import type { CreateApiKeyInput } from "../schemas";
import { expectUnauthorized } from "./helpers";

let admin: SignedIn;

beforeAll(async () => {
  admin = await signInAs("ADMIN");
});

function createKey(body: Record<string, unknown>) {
  return api("POST", "/api/v1/auth/api-keys", { token: admin.token, body });
}

describe("POST /api/v1/auth/api-keys", () => {
  it("creates a key (201) shown once and stored only as its sha256 hash; audited API_KEY_CREATED", async () => {
    const res = await createKey({ name: "CRM", permissions: ["geography:read", "leads:read"] });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: "CRM",
      key: expect.any(String),
      permissions: ["geography:read", "leads:read"],
      company_id: admin.user.company_id,
      expires_at: null,
    });
    const { key } = res.body;
    expect(key.length).toBeGreaterThanOrEqual(40);

    const db = await getDb();
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, res.body.id));
    expect(row.keyHash).toBe(createHash("sha256").update(key).digest("hex"));
    // No column of any key row holds the key itself (the search does see the prefix kept for lists).
    const rowsHolding = (text: string) =>
      db
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(sql`strpos(${apiKeys}::text, ${text}) > 0`);
    expect(await rowsHolding(key)).toEqual([]);
    expect(await rowsHolding(row.keyPrefix)).toEqual([{ id: row.id }]);

    const listed = await api("GET", "/api/v1/auth/api-keys", { token: admin.token });
    expect(listed.status).toBe(200);
    expect(listed.text).not.toContain(key);
    expect(listed.body.find((item: { id: string }) => item.id === res.body.id)).toEqual({
      id: res.body.id,
      name: "CRM",
      key_prefix: row.keyPrefix,
      permissions: ["geography:read", "leads:read"],
      company_id: admin.user.company_id,
      created_at: expect.any(String),
      created_by: admin.user.id,
      expires_at: null,
      last_used_at: null,
      revoked_at: null,
    });

    const audit = await expectAuditRow("API_KEY_CREATED", res.body.id);
    expect(audit.userId).toBe(admin.user.id);
    expect(JSON.stringify(audit.details)).not.toContain(key);
  });

  it("creates a key for another company when asked", async () => {
    const company = await createTestCompany();
    const res = await createKey({ name: "partner", permissions: ["geography:read"], company_id: company.id });
    expect(res.status).toBe(201);
    expect(res.body.company_id).toBe(company.id);
    expect((await createKey({ name: "ghost", permissions: ["geography:read"], company_id: randomUUID() })).status).toBe(
      404,
    );
  });

  it.each([
    ["an unknown permission", { name: "crm", permissions: ["geography:read", "root:everything"] }],
    ["no permission", { name: "crm", permissions: [] }],
    ["no name", { permissions: ["geography:read"] }],
  ])("refuses %s (422)", async (_, body) => {
    const before = (await api("GET", "/api/v1/auth/api-keys", { token: admin.token })).body.length;
    const res = await createKey(body);
    expect(res.status).toBe(422);
    expect((await api("GET", "/api/v1/auth/api-keys", { token: admin.token })).body.length).toBe(before);
  });
});

describe("X-API-Key callers", () => {
  it("get exactly the permissions of their key", async () => {
    const { body } = await createKey({ name: "geo reader", permissions: ["geography:read"] });
    const countries = await api("GET", "/api/v1/geography/countries", { apiKey: body.key });
    expect(countries.status).toBe(200);
    expect(countries.body.length).toBeGreaterThan(200);
    expect((await api("GET", "/api/v1/geography/zones", { apiKey: body.key })).status).toBe(200);
    // geography:manage is not on the key, nor users:manage.
    expect(
      (await api("POST", "/api/v1/geography/zones", { apiKey: body.key, body: { name: `Zone ${randomUUID()}` } }))
        .status,
    ).toBe(403);
    expect((await api("GET", "/api/v1/auth/users", { apiKey: body.key })).status).toBe(403);
  });

  it("with an unknown key get 401", async () => {
    expectUnauthorized(
      await api("GET", "/api/v1/geography/countries", { apiKey: `ck_${randomBytes(32).toString("base64url")}` }),
    );
  });

  it("with a revoked key get 401 (DELETE /auth/api-keys/{id})", async () => {
    const { body } = await createKey({ name: "short lived", permissions: ["geography:read"] });
    expect((await api("GET", "/api/v1/geography/countries", { apiKey: body.key })).status).toBe(200);
    const revoked = await api("DELETE", `/api/v1/auth/api-keys/${body.id}`, { token: admin.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: body.id, revoked_at: expect.any(String) });
    expectUnauthorized(await api("GET", "/api/v1/geography/countries", { apiKey: body.key }));
    // Revoking twice, or an unknown id: 404; a malformed id: 422.
    expect((await api("DELETE", `/api/v1/auth/api-keys/${body.id}`, { token: admin.token })).status).toBe(404);
    expect((await api("DELETE", `/api/v1/auth/api-keys/${randomUUID()}`, { token: admin.token })).status).toBe(404);
    expect((await api("DELETE", "/api/v1/auth/api-keys/123", { token: admin.token })).status).toBe(422);
  });

  it("are refused on user-only routes (403)", async () => {
    const { body } = await createKey({ name: "crm", permissions: KEY_PERMISSIONS });
    for (const [method, path] of [
      ["GET", "/api/v1/auth/me"],
      ["POST", "/api/v1/auth/logout"],
      ["POST", "/api/v1/auth/logout-all"],
    ]) {
      expect((await api(method, path, { apiKey: body.key })).status, `${method} ${path}`).toBe(403);
    }
  });
});

// trust.md section 3: a key acts only inside its company, so it never holds a permission that reaches
// beyond it; it has an optional expiry and a last use; it dies with the administrator who created it.
describe("API keys inside their company (trust.md section 3)", () => {
  it.each(KEY_FORBIDDEN_PERMISSIONS)(
    "refuses a key holding %s (422 naming it); nothing is stored",
    async (permission) => {
      const before = (await api("GET", "/api/v1/auth/api-keys", { token: admin.token })).body.length;
      const res = await createKey({ name: "too strong", permissions: ["leads:read", permission] });
      expect(res.status, res.text).toBe(422);
      expect(res.body.errors).toEqual([
        {
          path: "permissions.1",
          message: `an API key cannot hold ${permission}: it reaches beyond the key's company`,
          code: "permission_not_for_keys",
        },
      ]);
      expect((await api("GET", "/api/v1/auth/api-keys", { token: admin.token })).body.length).toBe(before);
    },
  );

  it("refuses lifecycle:run in the service too", async () => {
    const input: CreateApiKeyInput = { name: "lifecycle", permissions: ["lifecycle:run"] };
    await expect(
      createApiKey({ ctx: await systemCtx(), input: { ...input, company_id: admin.user.company_id } }),
    ).rejects.toMatchObject({
      errors: [
        { path: "permissions.0", message: "an API key cannot hold lifecycle:run: it reaches beyond the key's company" },
      ],
    });
  });

  it("names every refused permission at once", async () => {
    const res = await createKey({
      name: "too strong",
      permissions: ["users:manage", "leads:read", "organizations:manage", "geography:manage"],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((error: { path: string }) => error.path)).toEqual([
      "permissions.0",
      "permissions.2",
      "permissions.3",
    ]);
  });

  it("does not honour those permissions on a key stored before the rule (403 on every one of them)", async () => {
    const company = await createTestCompany();
    const stored = await insertStoredApiKey(
      [...KEY_PERMISSIONS, "users:manage", "organizations:manage", "geography:manage"],
      company.id,
    );
    const asKey = (method: string, path: string, body?: unknown) => api(method, path, { apiKey: stored.key, body });
    const roles = (await api("GET", "/api/v1/auth/roles", { token: admin.token })).body as Array<{
      id: string;
      name: string;
    }>;
    const adminRole = roles.find((role) => role.name === "ADMIN")!.id;
    const adminEmail = uniqueEmail("would-be-admin");
    const refused: Array<[string, string, unknown?]> = [
      // The findings: a global ADMIN, every company with its Connect id, units in other companies, a
      // 99%-commission reseller, zones of the shared geography, more keys.
      ["POST", "/api/v1/auth/users", { email: adminEmail, password: "a-good-password", roles: ["ADMIN"] }],
      ["POST", "/api/v1/auth/roles/assign", { user_id: admin.user.id, role_id: adminRole }],
      ["GET", "/api/v1/auth/users"],
      ["GET", "/api/v1/auth/api-keys"],
      ["POST", "/api/v1/auth/api-keys", { name: "child", permissions: ["leads:read"] }],
      ["GET", "/api/v1/organizations/companies"],
      ["GET", `/api/v1/organizations/companies/${admin.user.company_id}`],
      ["POST", `/api/v1/organizations/companies/${admin.user.company_id}/business-units`, { name: "Planted unit" }],
      [
        "POST",
        "/api/v1/organizations/companies",
        { name: `Reseller ${randomUUID().slice(0, 6)}`, is_reseller: true, commission_rate: "99.00" },
      ],
      ["POST", "/api/v1/geography/zones", { name: `Zone ${randomUUID()}` }],
      ["POST", "/api/v1/geography/zones/00000000-0000-0000-0000-000000000000/countries/MX"],
    ];
    for (const [method, path, body] of refused) {
      const res = await asKey(method, path, body);
      expect(res.status, `${method} ${path}: ${res.text}`).toBe(403);
    }
    expect((await api("GET", `/api/v1/auth/users?email=${adminEmail}`, { token: admin.token })).body.total).toBe(0);
    // What the key may hold still works, inside its company.
    expect((await asKey("GET", "/api/v1/geography/countries")).status).toBe(200);
  });

  it("takes an expiry in the future; one in the past or now, or not a date-time, is 422", async () => {
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    const created = await createKey({ name: "expiring", permissions: ["geography:read"], expires_at: inAnHour });
    expect(created.status, created.text).toBe(201);
    expect(created.body.expires_at).toBe(inAnHour);
    expect((await api("GET", "/api/v1/geography/countries", { apiKey: created.body.key })).status).toBe(200);
    for (const expires_at of [new Date(Date.now() - 1_000).toISOString(), "2020-01-01T00:00:00Z", "tomorrow"]) {
      const res = await createKey({ name: "expired", permissions: ["geography:read"], expires_at });
      expect(res.status, expires_at).toBe(422);
      expect(res.body.errors[0].path).toBe("expires_at");
    }
  });

  it("answers 401 once the key is past its expires_at", async () => {
    const { body } = await createKey({
      name: "short",
      permissions: ["geography:read"],
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect((await api("GET", "/api/v1/geography/countries", { apiKey: body.key })).status).toBe(200);
    const db = await getDb();
    await db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(apiKeys.id, body.id));
    const res = await api("GET", "/api/v1/geography/countries", { apiKey: body.key });
    expectUnauthorized(res);
    expect(res.body.detail).toBe("the API key has expired");
  });

  it("answers 401 once the administrator who created it is deactivated", async () => {
    const email = uniqueEmail("key-maker");
    const maker = await api("POST", "/api/v1/auth/users", {
      token: admin.token,
      body: { email, password: TEST_PASSWORD, roles: ["ADMIN"] },
    });
    expect(maker.status, maker.text).toBe(201);
    const makerToken = (await api("POST", "/api/v1/auth/login", { body: { email, password: TEST_PASSWORD } })).body
      .access_token;
    const { body } = await api("POST", "/api/v1/auth/api-keys", {
      token: makerToken,
      body: { name: "made by a leaver", permissions: ["geography:read"] },
    });
    expect((await api("GET", "/api/v1/geography/countries", { apiKey: body.key })).status).toBe(200);
    const listed = (await api("GET", "/api/v1/auth/api-keys", { token: admin.token })).body.find(
      (item: { id: string }) => item.id === body.id,
    );
    expect(listed.created_by).toBe(maker.body.id);

    expect(
      (await api("PATCH", `/api/v1/auth/users/${maker.body.id}`, { token: admin.token, body: { is_active: false } }))
        .status,
    ).toBe(200);
    const res = await api("GET", "/api/v1/geography/countries", { apiKey: body.key });
    expectUnauthorized(res);
    expect(res.body.detail).toBe("the API key's creator has been deactivated");
    // Active again: the key works again (it was never revoked).
    expect(
      (await api("PATCH", `/api/v1/auth/users/${maker.body.id}`, { token: admin.token, body: { is_active: true } }))
        .status,
    ).toBe(200);
    expect((await api("GET", "/api/v1/geography/countries", { apiKey: body.key })).status).toBe(200);
  });

  it("records last_used_at on first use, then at most once a minute", async () => {
    const { body } = await createKey({ name: "busy", permissions: ["geography:read"] });
    const db = await getDb();
    const lastUsed = async () =>
      (await db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, body.id)))[0].at;
    expect(await lastUsed()).toBeNull();

    expect((await api("GET", "/api/v1/geography/zones", { apiKey: body.key })).status).toBe(200);
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    for (let i = 0; i < 3; i++)
      expect((await api("GET", "/api/v1/geography/zones", { apiKey: body.key })).status).toBe(200);
    expect(await lastUsed()).toEqual(first);

    // A minute later the next use writes it again.
    const earlier = new Date(Date.now() - 61_000);
    await db.update(apiKeys).set({ lastUsedAt: earlier }).where(eq(apiKeys.id, body.id));
    expect((await api("GET", "/api/v1/geography/zones", { apiKey: body.key })).status).toBe(200);
    const again = await lastUsed();
    expect(again!.getTime()).toBeGreaterThan(earlier.getTime() + 60_000);
    const listed = (await api("GET", "/api/v1/auth/api-keys", { token: admin.token })).body.find(
      (item: { id: string }) => item.id === body.id,
    );
    expect(listed.last_used_at).toBe(again!.toISOString());
  });
});
