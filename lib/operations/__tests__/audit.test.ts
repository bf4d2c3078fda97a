import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { auditLogs } from "@/db/schema";
import { createApiKey } from "@/lib/identity/create-api-key";
import { api } from "@/test/api";
import { createTestCompany, createTestUser, signInAs, systemCtx, type SignedIn } from "@/test/fixtures";

// GET /api/v1/audit/ (contract section 4): filters, the paginated shape, newest first, ADMIN only.

type Item = {
  id: string;
  action: string;
  user_id: string | null;
  entity: string;
  entity_id: string | null;
  created_at: string;
};

let admin: SignedIn;
const run = randomUUID().slice(0, 8).toUpperCase();
const action = (name: string) => `TEST_${name}_${run}`;

async function insertAudit(
  rows: Array<{ action: string; createdAt: Date; userId?: string | null; entity?: string; companyId?: string | null }>,
) {
  await (
    await getDb()
  )
    .insert(auditLogs)
    .values(rows.map((row) => ({ actor: "system:test", entity: "tests", details: {}, ...row })))
    .returning();
}

async function audit(query: string, token = admin.token) {
  return api("GET", `/api/v1/audit/?${query}`, { token });
}

afterEach(() => {
  vi.unstubAllEnvs();
});

beforeAll(async () => {
  admin = await signInAs("ADMIN");
});

describe("GET /api/v1/audit/", () => {
  it("answers with and without the trailing slash, in the paginated shape", async () => {
    for (const path of ["/api/v1/audit/", "/api/v1/audit"]) {
      const response = await api("GET", path, { token: admin.token });
      expect(response.status, path).toBe(200);
      expect(Object.keys(response.body).sort()).toEqual([
        "items",
        "next_cursor",
        "page",
        "page_size",
        "total",
        "total_is_estimate",
      ]);
      expect(response.body).toMatchObject({ page: 1, page_size: 50 });
      expect(response.body.total).toBeGreaterThan(0);
    }
  });

  it("shows what the service wrote: the admin's own sign-in, with its user, entity and address", async () => {
    const response = await audit(`action=USER_LOGIN&user_id=${admin.user.id}`);
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(1);
    const [entry] = response.body.items;
    expect(entry).toMatchObject({
      action: "USER_LOGIN",
      user_id: admin.user.id,
      entity: "sessions",
      entity_id: admin.sessionId,
      ip_address: "203.0.113.9",
    });
    expect(entry.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(entry.details).toEqual({ kind: "api" });
    for (const field of ["id", "action", "user_id", "entity", "entity_id", "ip_address", "created_at", "details"])
      expect(entry).toHaveProperty(field);
  });

  it("pages 50 entries by default, newest first, and up to 200 on request", async () => {
    const base = Date.UTC(2002, 0, 1);
    await insertAudit(
      Array.from({ length: 60 }, (_, i) => ({ action: action("PAGE"), createdAt: new Date(base + i * 60_000) })),
    );

    const first = await audit(`action=${action("PAGE")}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 60, page: 1, page_size: 50 });
    expect(first.body.items).toHaveLength(50);
    const times = first.body.items.map((item: Item) => item.created_at);
    expect(times[0]).toBe(new Date(base + 59 * 60_000).toISOString());
    expect(times).toEqual([...times].sort().reverse());

    const second = await audit(`action=${action("PAGE")}&page=2`);
    expect(second.body).toMatchObject({ total: 60, page: 2, page_size: 50 });
    expect(second.body.items).toHaveLength(10);
    expect(second.body.items.at(-1).created_at).toBe(new Date(base).toISOString());

    const all = await audit(`action=${action("PAGE")}&page_size=200`);
    expect(all.status).toBe(200);
    expect(all.body.items).toHaveLength(60);
    expect(all.body.page_size).toBe(200);
  });

  it("refuses a page_size above 200 or below 1, and a page below 1, with 422", async () => {
    for (const query of ["page_size=201", "page_size=0", "page=0", "page_size=ten"]) {
      const response = await audit(query);
      expect(response.status, query).toBe(422);
      expect(typeof response.body.detail).toBe("string");
    }
  });

  it("filters by user_id", async () => {
    const other = await createTestUser();
    const at = new Date(Date.UTC(2003, 0, 1));
    await insertAudit([
      { action: action("USER"), createdAt: at, userId: admin.user.id },
      { action: action("USER"), createdAt: at, userId: other.id },
      { action: action("USER"), createdAt: at, userId: other.id },
    ]);
    const response = await audit(`action=${action("USER")}&user_id=${other.id}`);
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(2);
    expect(response.body.items.every((item: Item) => item.user_id === other.id)).toBe(true);
  });

  it("filters by action and by entity", async () => {
    const at = new Date(Date.UTC(2004, 0, 1));
    await insertAudit([
      { action: action("A"), entity: `things_${run}`, createdAt: at },
      { action: action("A"), entity: `others_${run}`, createdAt: at },
      { action: action("B"), entity: `things_${run}`, createdAt: at },
    ]);
    const byAction = await audit(`action=${action("A")}`);
    expect(byAction.body.total).toBe(2);
    expect(byAction.body.items.every((item: Item) => item.action === action("A"))).toBe(true);

    const byEntity = await audit(`entity=things_${run}`);
    expect(byEntity.body.total).toBe(2);
    expect(byEntity.body.items.map((item: Item) => item.action).sort()).toEqual([action("A"), action("B")]);

    const both = await audit(`action=${action("A")}&entity=things_${run}`);
    expect(both.body.total).toBe(1);
  });

  it("filters by date_from and date_to, both inclusive, with or without an offset", async () => {
    const day = (d: number, h = 0) => new Date(Date.UTC(2005, 0, d, h));
    await insertAudit([1, 2, 3, 4].map((d) => ({ action: action("DATE"), createdAt: day(d, 12) })));
    const times = (response: Awaited<ReturnType<typeof audit>>) =>
      response.body.items.map((item: Item) => item.created_at);

    const between = await audit(`action=${action("DATE")}&date_from=2005-01-02T12:00:00Z&date_to=2005-01-03T12:00:00Z`);
    expect(between.status).toBe(200);
    expect(times(between)).toEqual([day(3, 12).toISOString(), day(2, 12).toISOString()]);

    const from = await audit(`action=${action("DATE")}&date_from=2005-01-03T00:00:00Z`);
    expect(times(from)).toEqual([day(4, 12).toISOString(), day(3, 12).toISOString()]);

    const to = await audit(`action=${action("DATE")}&date_to=2005-01-01T23:59:59.999Z`);
    expect(times(to)).toEqual([day(1, 12).toISOString()]);

    // 2005-01-02T14:00+02:00 is 12:00 UTC: the entry of the 2nd is included.
    const offset = await audit(
      `action=${action("DATE")}&date_from=${encodeURIComponent("2005-01-02T14:00:00+02:00")}&date_to=2005-01-02T12:00:00Z`,
    );
    expect(times(offset)).toEqual([day(2, 12).toISOString()]);
  });

  it("reads a date-time without an offset as UTC, whatever the server's time zone", async () => {
    await insertAudit([{ action: action("LOCAL"), createdAt: new Date(Date.UTC(2006, 5, 1, 12)) }]);
    vi.stubEnv("TZ", "America/Mexico_City");
    const response = await audit(`action=${action("LOCAL")}&date_from=2006-06-01T12:00:00&date_to=2006-06-01T12:00:00`);
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(1);
  });

  it("refuses a malformed user_id or date with 422 naming the field", async () => {
    const cases: Array<[string, string]> = [
      ["user_id=not-a-uuid", "user_id"],
      ["date_from=yesterday", "date_from"],
      ["date_to=2005-13-45T00:00:00Z", "date_to"],
      ["date_from=2005-01-02T25:00:00Z", "date_from"],
    ];
    for (const [query, field] of cases) {
      const response = await audit(query);
      expect(response.status, query).toBe(422);
      expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(field);
    }
  });

  it("refuses VENDEDOR and CLIENTE (403) and anonymous callers (401)", async () => {
    const seller = await signInAs("VENDEDOR");
    const client = await signInAs("CLIENTE");
    expect((await audit("", seller.token)).status).toBe(403);
    expect((await audit("", client.token)).status).toBe(403);
    const anonymous = await api("GET", "/api/v1/audit/");
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("shows an API key with audit:read only its own company's entries", async () => {
    const ours = await createTestCompany();
    const theirs = await createTestCompany();
    const at = new Date(Date.UTC(2007, 0, 1));
    await insertAudit([
      { action: action("TENANT"), createdAt: at, companyId: ours.id },
      { action: action("TENANT"), createdAt: at, companyId: theirs.id },
    ]);
    const { key } = await createApiKey({
      ctx: await systemCtx(),
      input: { name: "auditor", permissions: ["audit:read"], company_id: ours.id },
    });
    const response = await api("GET", `/api/v1/audit/?action=${action("TENANT")}`, { apiKey: key });
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(1);
    expect(response.body.items).toHaveLength(1);

    const everything = await audit(`action=${action("TENANT")}`);
    expect(everything.body.total).toBe(2);
  });

  // trust.md section 3: a key sees its company's rows only. An ADMIN's work on another company's product,
  // or on what every company shares, is not a row of the ADMIN's own company, whose keys would read it.
  it("files an ADMIN's catalog and zone entries under the company they are about, not the ADMIN's", async () => {
    const other = await createTestCompany();
    const { key } = await createApiKey({
      ctx: await systemCtx(),
      input: { name: "auditor", permissions: ["audit:read"], company_id: admin.user.company_id },
    });
    const product = await api("POST", "/api/v1/products", {
      token: admin.token,
      body: { name: `Other's ${run}`, company_id: other.id },
    });
    const shared = await api("POST", "/api/v1/products", { token: admin.token, body: { name: `Shared ${run}` } });
    const zone = await api("POST", "/api/v1/geography/zones", { token: admin.token, body: { name: `Zone ${run}` } });
    for (const created of [product, shared, zone]) expect(created.status, created.text).toBe(201);

    const seen = await api("GET", "/api/v1/audit/?page_size=200", { apiKey: key });
    expect(seen.status).toBe(200);
    for (const id of [product.body.id, shared.body.id, zone.body.id]) expect(seen.text).not.toContain(id);
    const byAdmin = await audit("page_size=200");
    for (const id of [product.body.id, shared.body.id, zone.body.id]) expect(byAdmin.text).toContain(id);
  });
});
