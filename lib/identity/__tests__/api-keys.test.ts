import { createHash, randomBytes, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { apiKeys } from "@/db/schema";
import { api } from "@/lib/testing/api";
import { createTestCompany, expectAuditRow, signInAs, uniqueEmail, type SignedIn } from "@/lib/testing/fixtures";
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
    });
    const { key } = res.body;
    expect(key.length).toBeGreaterThanOrEqual(40);

    const db = await getDb();
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, res.body.id));
    expect(row.keyHash).toBe(createHash("sha256").update(key).digest("hex"));
    // No column of any key row holds the key itself (the search does see the prefix kept for lists).
    const rowsHolding = (text: string) => db.select({ id: apiKeys.id }).from(apiKeys).where(sql`strpos(${apiKeys}::text, ${text}) > 0`);
    expect(await rowsHolding(key)).toEqual([]);
    expect(await rowsHolding(row.keyPrefix)).toEqual([{ id: row.id }]);

    const listed = await api("GET", "/api/v1/auth/api-keys", { token: admin.token });
    expect(listed.status).toBe(200);
    expect(listed.text).not.toContain(key);
    expect(listed.body.find((item: { id: string }) => item.id === res.body.id)).toMatchObject({ name: "CRM", revoked_at: null });

    const audit = await expectAuditRow("API_KEY_CREATED", res.body.id);
    expect(audit.userId).toBe(admin.user.id);
    expect(JSON.stringify(audit.details)).not.toContain(key);
  });

  it("creates a key for another company when asked", async () => {
    const company = await createTestCompany();
    const res = await createKey({ name: "partner", permissions: ["geography:read"], company_id: company.id });
    expect(res.status).toBe(201);
    expect(res.body.company_id).toBe(company.id);
    expect((await createKey({ name: "ghost", permissions: ["geography:read"], company_id: randomUUID() })).status).toBe(404);
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
    expect((await api("POST", "/api/v1/geography/zones", { apiKey: body.key, body: { name: `Zone ${randomUUID()}` } })).status).toBe(403);
    expect((await api("GET", "/api/v1/auth/users", { apiKey: body.key })).status).toBe(403);
  });

  it("with geography:manage may create a zone", async () => {
    const { body } = await createKey({ name: "geo writer", permissions: ["geography:manage"] });
    expect((await api("POST", "/api/v1/geography/zones", { apiKey: body.key, body: { name: `Zone ${randomUUID()}` } })).status).toBe(201);
  });

  it("with an unknown key get 401", async () => {
    expectUnauthorized(await api("GET", "/api/v1/geography/countries", { apiKey: `ck_${randomBytes(32).toString("base64url")}` }));
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

  it("with users:manage cannot hand out permissions the key does not hold (403)", async () => {
    // A key that may manage users and holds the CLIENTE permissions, and nothing more.
    const clientePermissions = ["plans:read", "portal:read", "chat:use", "geography:read", "payments:onboard"];
    const { body: manager } = await createKey({ name: "user manager", permissions: ["users:manage", ...clientePermissions] });
    const asKey = (method: string, path: string, body: unknown) => api(method, path, { apiKey: manager.key, body });

    // Within its own permissions: allowed, in its own company.
    const weaker = await asKey("POST", "/api/v1/auth/api-keys", { name: "reader", permissions: ["geography:read"] });
    expect(weaker.status).toBe(201);
    expect(weaker.body.company_id).toBe(manager.company_id);
    const cliente = await asKey("POST", "/api/v1/auth/users", { email: uniqueEmail("by-key"), password: "a-good-password" });
    expect(cliente.status).toBe(201);
    expect(cliente.body.company_id).toBe(manager.company_id);

    // Beyond them: refused, and nothing is created or changed.
    const stronger = await asKey("POST", "/api/v1/auth/api-keys", { name: "stronger", permissions: ["geography:read", "audit:read"] });
    expect(stronger.status).toBe(403);
    expect(stronger.body.detail).toMatch(/audit:read/);
    const adminEmail = uniqueEmail("would-be-admin");
    expect((await asKey("POST", "/api/v1/auth/users", { email: adminEmail, password: "a-good-password", roles: ["ADMIN"] })).status).toBe(403);
    expect((await asKey("POST", "/api/v1/auth/users", { email: uniqueEmail(), password: "a-good-password", roles: ["VENDEDOR"] })).status).toBe(403);
    expect((await api("GET", `/api/v1/auth/users?email=${adminEmail}`, { token: admin.token })).body.total).toBe(0);

    const roles = (await api("GET", "/api/v1/auth/roles", { token: admin.token })).body as Array<{ id: string; name: string }>;
    const adminRole = roles.find((role) => role.name === "ADMIN")!.id;
    expect((await asKey("POST", "/api/v1/auth/roles/assign", { user_id: cliente.body.id, role_id: adminRole })).status).toBe(403);
    const after = await api("GET", `/api/v1/auth/users?email=${cliente.body.email}`, { token: admin.token });
    expect(after.body.items[0].roles.map((role: { name: string }) => role.name)).toEqual(["CLIENTE"]);
  });

  it("are refused on user-only routes (403)", async () => {
    const { body } = await createKey({ name: "crm", permissions: ["users:manage"] });
    for (const [method, path] of [
      ["GET", "/api/v1/auth/me"],
      ["POST", "/api/v1/auth/logout"],
      ["POST", "/api/v1/auth/logout-all"],
    ]) {
      expect((await api(method, path, { apiKey: body.key })).status, `${method} ${path}`).toBe(403);
    }
  });
});
