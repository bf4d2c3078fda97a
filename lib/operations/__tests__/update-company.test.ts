import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditLogs } from "@/db/schema";
import { api } from "@/test/api";
import { expectAuditRow, signInAs, type SignedIn } from "@/test/fixtures";

// PATCH /api/v1/organizations/companies/{id}: a company is edited after its creation (organizations:manage,
// ADMIN only), audited as COMPANY_UPDATED with what changed.

let admin: SignedIn;
let seller: SignedIn;
const uniqueName = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  [admin, seller] = await Promise.all([signInAs("ADMIN"), signInAs("VENDEDOR")]);
});

async function newCompany(body: Record<string, unknown> = {}) {
  const response = await api("POST", "/api/v1/organizations/companies", {
    body: { name: uniqueName("Editable"), tax_id: "OLD-1", country_code: "MX", ...body },
    token: admin.token,
  });
  expect(response.status).toBe(201);
  return response.body as { id: string; name: string };
}

function patch(id: string, body: unknown, token: string = admin.token) {
  return api("PATCH", `/api/v1/organizations/companies/${id}`, { body, token });
}

describe("PATCH /api/v1/organizations/companies/{id}", () => {
  it("edits the given fields, keeps the others, and answers 200 with the company and its units", async () => {
    const company = await newCompany();
    await api("POST", `/api/v1/organizations/companies/${company.id}/business-units`, {
      body: { name: "North" },
      token: admin.token,
    });
    const name = uniqueName("Renamed");
    const response = await patch(company.id, { name, is_reseller: true, commission_rate: "7.5" });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      id: company.id,
      name,
      tax_id: "OLD-1",
      country_code: "MX",
      is_reseller: true,
      commission_rate: "7.50",
    });
    expect(response.body.business_units.map((unit: { name: string }) => unit.name)).toEqual(["North"]);

    const read = await api("GET", `/api/v1/organizations/companies/${company.id}`, { token: admin.token });
    expect(read.body).toEqual(response.body);
  });

  it("clears tax_id and country_code with null", async () => {
    const company = await newCompany();
    const response = await patch(company.id, { tax_id: null, country_code: null });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ tax_id: null, country_code: null });
  });

  it("writes COMPANY_UPDATED with each changed field's old and new value", async () => {
    const company = await newCompany({ commission_rate: "5" });
    const response = await patch(company.id, { commission_rate: 12, country_code: "ES", tax_id: "OLD-1" });
    expect(response.status).toBe(200);
    const entry = await expectAuditRow("COMPANY_UPDATED", company.id);
    expect(entry).toMatchObject({ entity: "companies", userId: admin.user.id, companyId: company.id });
    expect(entry.details).toEqual({
      name: company.name,
      changes: {
        commission_rate: { from: "5.00", to: "12.00" },
        country_code: { from: "MX", to: "ES" },
      },
    });
  });

  it("writes no audit row when nothing changes", async () => {
    const company = await newCompany();
    expect((await patch(company.id, { name: company.name })).status).toBe(200);
    const rows = await (
      await getDb()
    )
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "COMPANY_UPDATED"), eq(auditLogs.entityId, company.id)));
    expect(rows).toHaveLength(0);
  });

  it.each([
    ["an empty body", {}],
    ["a blank name", { name: "  " }],
    ["a rate above 100", { commission_rate: "100.01" }],
    ["a malformed country code", { country_code: "mx" }],
    ["an unknown country code", { country_code: "ZZ" }],
  ])("refuses %s with 422", async (_label, body) => {
    const company = await newCompany();
    const response = await patch(company.id, body);
    expect(response.status, response.text).toBe(422);
  });

  it("does not take processor_connect_id (set by the reseller's onboarding): the field is ignored", async () => {
    const company = await newCompany({ processor_connect_id: "acct_kept" });
    const response = await patch(company.id, { name: uniqueName("Kept"), processor_connect_id: "acct_other" });
    expect(response.status).toBe(200);
    expect(response.body.processor_connect_id).toBe("acct_kept");
  });

  it("answers 404 for an unknown company", async () => {
    expect((await patch(randomUUID(), { name: "Nobody" })).status).toBe(404);
  });

  it("refuses the wrong role (403) and anonymous callers (401)", async () => {
    const company = await newCompany();
    expect((await patch(company.id, { name: "Seller's" }, seller.token)).status).toBe(403);
    const anonymous = await api("PATCH", `/api/v1/organizations/companies/${company.id}`, {
      body: { name: "Anonymous" },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("PATCH /api/v1/organizations/companies/{id}: the profile printed on certificates", () => {
  const PROFILE = {
    address: "Av. Reforma 250, Col. Juárez, 06600 Ciudad de México",
    registration_number: "CNSF-0457",
    contact_phone: "+525512345678",
    contact_email: "Atencion@Prevision.example",
  };

  it("stores address, registration number, contact phone (E.164) and e-mail, and answers them", async () => {
    const company = await newCompany();
    const created = await api("GET", `/api/v1/organizations/companies/${company.id}`, { token: admin.token });
    expect(created.body).toMatchObject({
      address: null,
      registration_number: null,
      contact_phone: null,
      contact_email: null,
      has_logo: false,
    });
    const response = await patch(company.id, PROFILE);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ ...PROFILE, contact_email: "atencion@prevision.example", has_logo: false });
    const entry = await expectAuditRow("COMPANY_UPDATED", company.id);
    expect(entry.details).toEqual({
      name: company.name,
      changes: {
        address: { from: null, to: PROFILE.address },
        registration_number: { from: null, to: "CNSF-0457" },
        contact_phone: { from: null, to: "+525512345678" },
        contact_email: { from: null, to: "atencion@prevision.example" },
      },
    });
  });

  it("reads a national phone number in the company's country, and null clears each field", async () => {
    const company = await newCompany({ country_code: "MX" });
    const national = await patch(company.id, { ...PROFILE, contact_phone: "55 1234 5678" });
    expect(national.status, national.text).toBe(200);
    expect(national.body.contact_phone).toBe("+525512345678");
    const cleared = await patch(company.id, {
      address: null,
      registration_number: null,
      contact_phone: null,
      contact_email: null,
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({
      address: null,
      registration_number: null,
      contact_phone: null,
      contact_email: null,
    });
  });

  // As people type a number, and as the companies page shows a stored one (displayPhone).
  it.each(["+52 55 1234 5678", "55 1234 5678", "55-1234-5678", "(55) 1234.5678"])(
    "stores a contact phone typed as %s in E.164",
    async (typed) => {
      const company = await newCompany({ country_code: "MX" });
      const response = await patch(company.id, { contact_phone: typed });
      expect(response.status, response.text).toBe(200);
      const read = await api("GET", `/api/v1/organizations/companies/${company.id}`, { token: admin.token });
      expect(read.body.contact_phone).toBe("+525512345678");
    },
  );

  it("refuses a spaced national number too short for the company's country, and keeps the stored one", async () => {
    const company = await newCompany({ country_code: "MX" });
    expect((await patch(company.id, { contact_phone: "+525512345678" })).status).toBe(200);
    const response = await patch(company.id, { contact_phone: "55 1234" });
    expect(response.status, response.text).toBe(422);
    expect(response.body.errors).toEqual([
      { path: "contact_phone", message: expect.any(String), code: "invalid_phone" },
    ]);
    const read = await api("GET", `/api/v1/organizations/companies/${company.id}`, { token: admin.token });
    expect(read.body.contact_phone).toBe("+525512345678");
  });

  it.each([
    ["a phone number that is no number of its country", { contact_phone: "+52 55 12" }, "invalid_phone"],
    ["a phone number with letters", { contact_phone: "call us" }, "invalid_format"],
    ["an e-mail without a domain", { contact_email: "atencion@" }, "invalid_email"],
    ["a blank address", { address: "  " }, "required"],
    ["a registration number over 100 characters", { registration_number: "R".repeat(101) }, "too_long"],
  ])("refuses %s with 422 naming the field", async (_label, body, code) => {
    const company = await newCompany();
    const response = await patch(company.id, body);
    expect(response.status, response.text).toBe(422);
    expect(response.body.errors).toEqual([{ path: Object.keys(body)[0], message: expect.any(String), code }]);
  });
});
