import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditLogs, businessUnits, companies } from "@/db/schema";
import type { UserActor } from "@/lib/auth/actor";
import { ALL_PERMISSIONS } from "@/lib/auth/permissions";
import { createBusinessUnit } from "@/lib/operations/create-business-unit";
import { createCompany } from "@/lib/operations/create-company";
import { api } from "@/test/api";
import { expectAuditRow, signInAs, type SignedIn } from "@/test/fixtures";

// Companies and business units (contract section 4): ADMIN (organizations:manage) only.

let admin: SignedIn;
let seller: SignedIn;
const uniqueName = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  [admin, seller] = await Promise.all([signInAs("ADMIN"), signInAs("VENDEDOR")]);
});

async function postCompany(body: Record<string, unknown>, token = admin.token) {
  return api("POST", "/api/v1/organizations/companies", {
    body,
    token,
    headers: { "x-forwarded-for": "198.51.100.7" },
  });
}

async function postUnit(companyId: string, body: Record<string, unknown>, token = admin.token) {
  return api("POST", `/api/v1/organizations/companies/${companyId}/business-units`, { body, token });
}

describe("POST /api/v1/organizations/companies", () => {
  it("creates a company: 201 with every field, the rate as a 2-decimal string", async () => {
    const name = uniqueName("Funerarias del Norte");
    const response = await postCompany({
      name,
      tax_id: "FDN010101AAA",
      country_code: "MX",
      is_reseller: true,
      processor_connect_id: "acct_123",
      commission_rate: 12.5,
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      name,
      tax_id: "FDN010101AAA",
      country_code: "MX",
      is_default: false,
      is_reseller: true,
      processor_connect_id: "acct_123",
      commission_rate: "12.50",
      // The certificate's profile is edited afterwards (PATCH and PUT .../logo).
      address: null,
      registration_number: null,
      contact_phone: null,
      contact_email: null,
      has_logo: false,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      business_units: [],
    });
  });

  it("defaults to a non-reseller with a 0.00 rate and null optional fields", async () => {
    const response = await postCompany({ name: uniqueName("Plain") });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      is_reseller: false,
      commission_rate: "0.00",
      tax_id: null,
      country_code: null,
      processor_connect_id: null,
    });
  });

  it.each([
    [0, "0.00"],
    ["7", "7.00"],
    ["33.3", "33.30"],
    [100, "100.00"],
    ["99.99", "99.99"],
    // Half-up on the decimal digits, never through a binary float (1.005 is 1.00499... as a double).
    ["1.005", "1.01"],
    [1.005, "1.01"],
    ["2.344", "2.34"],
  ])("accepts commission_rate %j and answers %j", async (rate, expected) => {
    const response = await postCompany({ name: uniqueName("Rate"), commission_rate: rate });
    expect(response.status).toBe(201);
    expect(response.body.commission_rate).toBe(expected);
  });

  it.each([100.01, "100.5", -1, "-0.01", "abc", "", true])("refuses commission_rate %j with 422", async (rate) => {
    const response = await postCompany({ name: uniqueName("Bad rate"), commission_rate: rate });
    expect(response.status).toBe(422);
    expect(response.body.errors.map((error: { path: string }) => error.path)).toContain("commission_rate");
  });

  it.each([
    ["ZZ", "an unknown code"],
    ["mx", "a lower-case code"],
    ["MEX", "a three-letter code"],
  ])("refuses country_code %j (%s) with 422", async (code) => {
    const name = uniqueName("Country");
    const response = await postCompany({ name, country_code: code });
    expect(response.status).toBe(422);
    expect(response.body.errors.map((error: { path: string }) => error.path)).toContain("country_code");
    const rows = await (await getDb()).select().from(companies).where(eq(companies.name, name));
    expect(rows).toHaveLength(0);
  });

  it("refuses a missing or blank name with 422", async () => {
    expect((await postCompany({})).status).toBe(422);
    expect((await postCompany({ name: "   " })).status).toBe(422);
  });

  it("writes COMPANY_CREATED with the actor and the client address", async () => {
    const response = await postCompany({ name: uniqueName("Audited") });
    const entry = await expectAuditRow("COMPANY_CREATED", response.body.id);
    expect(entry).toMatchObject({
      entity: "companies",
      userId: admin.user.id,
      companyId: response.body.id,
      ipAddress: "198.51.100.7",
    });
    expect(entry.details).toEqual({ name: response.body.name });
  });

  it("refuses VENDEDOR (403) and anonymous callers (401)", async () => {
    expect((await postCompany({ name: uniqueName("Nope") }, seller.token)).status).toBe(403);
    expect((await api("POST", "/api/v1/organizations/companies", { body: { name: "Nope" } })).status).toBe(401);
  });
});

describe("GET /api/v1/organizations/companies and /{id}", () => {
  it("lists every company by name with its business units, the default company included", async () => {
    const last = await postCompany({ name: uniqueName("ZZZ Listed") });
    const company = await postCompany({ name: uniqueName("AAA Listed") });
    await postUnit(company.body.id, { name: "Zeta branch" });
    await postUnit(company.body.id, { name: "Alpha branch", code: "ALPHA", country_code: "ES" });

    const response = await api("GET", "/api/v1/organizations/companies", { token: admin.token });
    expect(response.status).toBe(200);
    const ids = response.body.map((item: { id: string }) => item.id);
    expect(ids.indexOf(company.body.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(company.body.id)).toBeLessThan(ids.indexOf(last.body.id));
    const defaults = response.body.filter((item: { is_default: boolean }) => item.is_default);
    expect(defaults.map((item: { name: string }) => item.name)).toEqual(["Default company"]);
    const listed = response.body.find((item: { id: string }) => item.id === company.body.id);
    expect(listed.business_units.map((unit: { name: string }) => unit.name)).toEqual(["Alpha branch", "Zeta branch"]);
    expect(listed.business_units[0]).toMatchObject({ company_id: company.body.id, code: "ALPHA", country_code: "ES" });
  });

  it("reads one company with its business units", async () => {
    const company = await postCompany({ name: uniqueName("Single") });
    const unit = await postUnit(company.body.id, { name: "Only branch" });
    const response = await api("GET", `/api/v1/organizations/companies/${company.body.id}`, { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...company.body, business_units: [unit.body] });
  });

  it("answers 404 for an unknown id and 422 for a malformed one", async () => {
    const unknown = await api("GET", `/api/v1/organizations/companies/${randomUUID()}`, { token: admin.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe("company not found");
    const malformed = await api("GET", "/api/v1/organizations/companies/not-a-uuid", { token: admin.token });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors[0].path).toBe("id");
  });

  it("refuses VENDEDOR (403) and anonymous callers (401)", async () => {
    expect((await api("GET", "/api/v1/organizations/companies", { token: seller.token })).status).toBe(403);
    expect((await api("GET", `/api/v1/organizations/companies/${randomUUID()}`, { token: seller.token })).status).toBe(
      403,
    );
    expect((await api("GET", "/api/v1/organizations/companies")).status).toBe(401);
  });
});

describe("POST /api/v1/organizations/companies/{id}/business-units", () => {
  it("creates a unit under the company: 201 and BUSINESS_UNIT_CREATED", async () => {
    const company = await postCompany({ name: uniqueName("Parent") });
    const response = await postUnit(company.body.id, { name: "Madrid", code: "MAD", country_code: "ES" });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      company_id: company.body.id,
      name: "Madrid",
      code: "MAD",
      country_code: "ES",
      created_at: expect.any(String),
    });
    const entry = await expectAuditRow("BUSINESS_UNIT_CREATED", response.body.id);
    expect(entry).toMatchObject({ entity: "business_units", userId: admin.user.id, companyId: company.body.id });
  });

  it("answers 404 for an unknown company and 422 for a malformed id", async () => {
    const unknown = await postUnit(randomUUID(), { name: "Orphan" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe("company not found");
    expect((await postUnit("nope", { name: "Orphan" })).status).toBe(422);
  });

  it("refuses an unknown or lower-case country_code and a blank name with 422", async () => {
    const company = await postCompany({ name: uniqueName("Parent") });
    expect((await postUnit(company.body.id, { name: "X", country_code: "ZZ" })).status).toBe(422);
    expect((await postUnit(company.body.id, { name: "X", country_code: "es" })).status).toBe(422);
    expect((await postUnit(company.body.id, { name: "" })).status).toBe(422);
    const units = await (
      await getDb()
    )
      .select()
      .from(businessUnits)
      .where(eq(businessUnits.companyId, company.body.id));
    expect(units).toHaveLength(0);
  });

  it("refuses VENDEDOR (403) and anonymous callers (401)", async () => {
    const company = await postCompany({ name: uniqueName("Parent") });
    expect((await postUnit(company.body.id, { name: "X" }, seller.token)).status).toBe(403);
    expect(
      (await api("POST", `/api/v1/organizations/companies/${company.body.id}/business-units`, { body: { name: "X" } }))
        .status,
    ).toBe(401);
  });
});

describe("a change and its audit entry commit together", () => {
  // An actor whose user row does not exist: the change itself succeeds, its audit row then fails on the
  // foreign key. If both were not in one transaction, the change would stay without its audit entry.
  async function ghostContext() {
    const db = await getDb();
    const [defaultCompany] = await db.select().from(companies).where(eq(companies.isDefault, true));
    const actor: UserActor = {
      kind: "user",
      locale: null,
      userId: randomUUID(),
      sessionId: randomUUID(),
      email: "ghost@example.com",
      isVerified: true,
      companyId: defaultCompany.id,
      businessUnitId: null,
      roles: ["ADMIN"],
      permissions: new Set(ALL_PERMISSIONS),
    };
    return { db, actor, ipAddress: null, requestId: null };
  }

  it("a failing company create leaves neither the company nor an audit entry", async () => {
    const name = uniqueName("Ghost company");
    await expect(
      createCompany({ ctx: await ghostContext(), input: { name, is_reseller: false, commission_rate: "0.00" } }),
    ).rejects.toThrow();
    const db = await getDb();
    expect(await db.select().from(companies).where(eq(companies.name, name))).toHaveLength(0);
    const entries = await db.select().from(auditLogs).where(eq(auditLogs.action, "COMPANY_CREATED"));
    expect(entries.filter((entry) => entry.details.name === name)).toHaveLength(0);
  });

  it("a failing business unit create leaves neither the unit nor an audit entry", async () => {
    const company = await postCompany({ name: uniqueName("Parent") });
    await expect(
      createBusinessUnit({ ctx: await ghostContext(), companyId: company.body.id, input: { name: "Ghost unit" } }),
    ).rejects.toThrow();
    const db = await getDb();
    expect(await db.select().from(businessUnits).where(eq(businessUnits.companyId, company.body.id))).toHaveLength(0);
    const entries = await db.select().from(auditLogs).where(eq(auditLogs.action, "BUSINESS_UNIT_CREATED"));
    expect(entries.filter((entry) => entry.companyId === company.body.id)).toHaveLength(0);
  });
});
