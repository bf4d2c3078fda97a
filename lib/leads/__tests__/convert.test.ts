import { randomUUID } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { auditLogs, clients } from "@/db/schema";
import { inProcessRunner } from "@/inngest/send";
import { api } from "@/test/api";
import {
  createTestBusinessUnit,
  createTestClient,
  createTestCompany,
  expectAuditRow,
  signInAs,
  uniqueEmail,
  type SignedIn,
} from "@/test/fixtures";
import { captureTestLead, leadRow, moveLead, patchLead, postLead, uniquePhone } from "./helpers";

// POST /leads/{id}/convert (first-hour.md point 10): a QUALIFIED lead becomes a client, linked or new, and
// moves to CONVERTED in one transaction. PATCH keeps its contract: a move to CONVERTED there links nothing.

let seller: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  // No CRM in this file: sync requests end as NOT_CONFIGURED without a call.
  vi.stubEnv("HUBSPOT_ACCESS_TOKEN", undefined);
  [seller, admin] = [await signInAs("VENDEDOR"), await signInAs("ADMIN")];
});

afterEach(async () => {
  await inProcessRunner().drain();
});

function convert(user: { token?: string; apiKey?: string }, leadId: string, body: unknown) {
  return api("POST", `/api/v1/leads/${leadId}/convert`, { token: user.token, apiKey: user.apiKey, body });
}

/** A new client's fields, as POST /emission/clients takes them. */
function newClient(overrides: Record<string, unknown> = {}) {
  return {
    first_name: "Marta",
    last_name: "Quispe",
    email: uniqueEmail("converted"),
    birth_date: "1979-11-02",
    nationality: "PE",
    country_of_residence: "PE",
    ...overrides,
  };
}

async function qualifiedLead() {
  const lead = await captureTestLead();
  await moveLead(seller, lead.id, "QUALIFIED");
  return lead;
}

async function clientsWithEmail(email: string): Promise<number> {
  const [row] = await (
    await getDb()
  )
    .select({ n: count() })
    .from(clients)
    .where(sql`lower(${clients.email}) = lower(${email})`);
  return row.n;
}

async function auditCount(action: string, entityId: string): Promise<number> {
  const [row] = await (
    await getDb()
  )
    .select({ n: count() })
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.entityId, entityId)));
  return row.n;
}

/** The lead is as a refused conversion must leave it: QUALIFIED, no client, no conversion audited. */
async function expectUntouched(leadId: string) {
  const row = await leadRow(leadId);
  expect({ stage: row.stage, clientId: row.clientId, converted: row.convertedToContactFlag }).toEqual({
    stage: "QUALIFIED",
    clientId: null,
    converted: false,
  });
  expect(await auditCount("LEAD_CONVERTED", leadId)).toBe(0);
}

describe("POST /leads/{id}/convert: linking an existing client", () => {
  it("200: the lead is CONVERTED with client_id and client_name, audited with the client", async () => {
    const lead = await qualifiedLead();
    const client = await createTestClient(seller, { first_name: "Rosa", last_name: "Ñáñez" });
    const response = await convert(seller, lead.id, { client_id: client.id });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      id: lead.id,
      stage: "CONVERTED",
      converted_to_contact_flag: true,
      client_id: client.id,
      client_name: "Rosa Ñáñez",
    });
    const moved = await expectAuditRow("LEAD_STAGE_CHANGED", lead.id);
    expect(moved.details).toMatchObject({ from_stage: "QUALIFIED", to_stage: "CONVERTED" });
    const converted = await expectAuditRow("LEAD_CONVERTED", lead.id);
    expect(converted.details).toMatchObject({ client_id: client.id });
  });

  it("the read and the list show the client too", async () => {
    const lead = await qualifiedLead();
    const client = await createTestClient(seller, { first_name: "Irma", last_name: "Soto" });
    expect((await convert(seller, lead.id, { client_id: client.id })).status).toBe(200);
    const read = await api("GET", `/api/v1/leads/${lead.id}`, { token: seller.token });
    expect(read.body).toMatchObject({ client_id: client.id, client_name: "Irma Soto" });
    const list = await api("GET", "/api/v1/leads/?status=CONVERTED&limit=200", { token: seller.token });
    expect(list.body.find((item: { id: string }) => item.id === lead.id)).toMatchObject({
      client_id: client.id,
      client_name: "Irma Soto",
    });
  });

  it("another company's client: 404, and nothing changes", async () => {
    const company = await createTestCompany();
    const otherSeller = await signInAs("VENDEDOR", { companyId: company.id });
    const foreign = await createTestClient(otherSeller);
    const lead = await qualifiedLead();
    const response = await convert(seller, lead.id, { client_id: foreign.id });
    expect(response.status).toBe(404);
    expect(response.body.detail).toBe("client not found");
    await expectUntouched(lead.id);
  });

  it("another business unit's client, for a seller bound to a unit: 404", async () => {
    const company = await createTestCompany();
    const [unitA, unitB] = [await createTestBusinessUnit(company.id), await createTestBusinessUnit(company.id)];
    const sellerA = await signInAs("VENDEDOR", { companyId: company.id, businessUnitId: unitA.id });
    const sellerB = await signInAs("VENDEDOR", { companyId: company.id, businessUnitId: unitB.id });
    const lead = (await postLead({ phone_e164: uniquePhone(), business_unit_id: unitA.id })).body;
    await moveLead(sellerA, lead.id, "QUALIFIED");
    const response = await convert(sellerA, lead.id, { client_id: (await createTestClient(sellerB)).id });
    expect(response.status).toBe(404);
    await expectUntouched(lead.id);
  });

  it("an unknown client: 404", async () => {
    const lead = await qualifiedLead();
    expect((await convert(seller, lead.id, { client_id: randomUUID() })).status).toBe(404);
    await expectUntouched(lead.id);
  });
});

describe("POST /leads/{id}/convert: creating the client", () => {
  it("200: the client is registered in the seller's company, audited, and the lead names it", async () => {
    const lead = await qualifiedLead();
    const fields = newClient({ phone_e164: "987 654 321" });
    const response = await convert(seller, lead.id, { client: fields });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ stage: "CONVERTED", client_name: "Marta Quispe" });
    const client = await api("GET", `/api/v1/emission/clients/${response.body.client_id}`, { token: seller.token });
    expect(client.status).toBe(200);
    // createClient's own rules ran: the national number was read in the country of residence.
    expect(client.body).toMatchObject({
      email: fields.email,
      phone_e164: "+51987654321",
      company_id: seller.user.company_id,
    });
    await expectAuditRow("CLIENT_CREATED", response.body.client_id);
    expect((await expectAuditRow("LEAD_CONVERTED", lead.id)).details).toMatchObject({
      client_id: response.body.client_id,
    });
  });

  it("a taken e-mail: 409 email_taken from the client's rule; no client, no move", async () => {
    const lead = await qualifiedLead();
    const existing = await createTestClient(seller);
    const response = await convert(seller, lead.id, { client: newClient({ email: existing.email.toUpperCase() }) });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ detail: "a client with this e-mail already exists", code: "email_taken" });
    expect(await clientsWithEmail(existing.email)).toBe(1);
    await expectUntouched(lead.id);
  });

  it("a client of another company than the lead's (ADMIN): 422 not_lead_company, and the new client is rolled back", async () => {
    const company = await createTestCompany();
    const unit = await createTestBusinessUnit(company.id);
    const lead = (await postLead({ phone_e164: uniquePhone(), business_unit_id: unit.id })).body;
    await moveLead(admin, lead.id, "QUALIFIED");
    const fields = newClient();
    const response = await convert(admin, lead.id, { client: fields });
    expect(response.status, response.text).toBe(422);
    expect(response.body.errors).toEqual([expect.objectContaining({ path: "client", code: "not_lead_company" })]);
    // createClient had written its row and audit inside the transaction: both are gone with it.
    expect(await clientsWithEmail(fields.email)).toBe(0);
    await expectUntouched(lead.id);
  });

  it("linking another company's client (ADMIN sees it): 422 not_lead_company", async () => {
    const lead = await qualifiedLead();
    const company = await createTestCompany();
    const foreign = await createTestClient(await signInAs("VENDEDOR", { companyId: company.id }));
    const response = await convert(admin, lead.id, { client_id: foreign.id });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([expect.objectContaining({ path: "client_id", code: "not_lead_company" })]);
    await expectUntouched(lead.id);
  });
});

describe("POST /leads/{id}/convert: only a QUALIFIED lead converts", () => {
  const PATH_TO = {
    NEW: [],
    CONTACTED: ["CONTACTED"],
    DISQUALIFIED: ["DISQUALIFIED"],
    CONVERTED: ["QUALIFIED", "CONVERTED"],
  } as const;

  it.each(Object.keys(PATH_TO) as Array<keyof typeof PATH_TO>)(
    "%s: 409 as the stage machine answers it, before any client is written",
    async (stage) => {
      const lead = await captureTestLead();
      if (PATH_TO[stage].length > 0) await moveLead(seller, lead.id, ...PATH_TO[stage]);
      const fields = newClient();
      const response = await convert(seller, lead.id, { client: fields });
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({
        detail: `a lead cannot move from ${stage} to CONVERTED`,
        code: "conflict",
      });
      expect(await clientsWithEmail(fields.email)).toBe(0);
      const row = await leadRow(lead.id);
      expect({ stage: row.stage, clientId: row.clientId }).toEqual({ stage, clientId: null });
    },
  );

  it("a second conversion of a converted lead: 409, its client stays", async () => {
    const lead = await qualifiedLead();
    const client = await createTestClient(seller);
    expect((await convert(seller, lead.id, { client_id: client.id })).status).toBe(200);
    const again = await convert(seller, lead.id, { client_id: (await createTestClient(seller)).id });
    expect(again.status).toBe(409);
    expect((await leadRow(lead.id)).clientId).toBe(client.id);
  });
});

describe("POST /leads/{id}/convert: the body", () => {
  it("neither client_id nor client: 422 client_or_client_id", async () => {
    const lead = await qualifiedLead();
    const response = await convert(seller, lead.id, {});
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([expect.objectContaining({ path: "client_id", code: "client_or_client_id" })]);
    await expectUntouched(lead.id);
  });

  it("both: 422 client_or_client_id, and no client is created", async () => {
    const lead = await qualifiedLead();
    const fields = newClient();
    const response = await convert(seller, lead.id, {
      client_id: (await createTestClient(seller)).id,
      client: fields,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([expect.objectContaining({ code: "client_or_client_id" })]);
    expect(await clientsWithEmail(fields.email)).toBe(0);
    await expectUntouched(lead.id);
  });

  it("a new client's invalid fields: 422 naming each under client.", async () => {
    const lead = await qualifiedLead();
    const response = await convert(seller, lead.id, {
      client: newClient({ email: "not-an-email", birth_date: "2999-01-01", first_name: undefined }),
    });
    expect(response.status).toBe(422);
    const paths = (response.body.errors as Array<{ path: string }>).map((error) => error.path).sort();
    expect(paths).toEqual(["client.birth_date", "client.email", "client.first_name"]);
    await expectUntouched(lead.id);
  });

  it("a phone not valid for the new client's country: 422 invalid_phone from the client's rule", async () => {
    const lead = await qualifiedLead();
    const response = await convert(seller, lead.id, { client: newClient({ phone_e164: "12" }) });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([
      expect.objectContaining({ path: "client.phone_e164", code: "invalid_phone" }),
    ]);
    await expectUntouched(lead.id);
  });

  it("a malformed client_id or an unknown field: 422", async () => {
    const lead = await qualifiedLead();
    const malformed = await convert(seller, lead.id, { client_id: "nope" });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors).toEqual([expect.objectContaining({ path: "client_id" })]);
    const unknown = await convert(seller, lead.id, { client_id: randomUUID(), stage: "CONVERTED" });
    expect(unknown.status).toBe(422);
    await expectUntouched(lead.id);
  });
});

describe("POST /leads/{id}/convert: who may", () => {
  it("no credentials: 401", async () => {
    const lead = await qualifiedLead();
    expect((await convert({}, lead.id, { client: newClient() })).status).toBe(401);
  });

  it("CLIENTE: 403, and the lead does not move", async () => {
    const lead = await qualifiedLead();
    const client = await signInAs("CLIENTE");
    expect((await convert(client, lead.id, { client: newClient() })).status).toBe(403);
    await expectUntouched(lead.id);
  });

  it("a key with leads:write only: 403 to link (emission:read) and to create (emission:write)", async () => {
    const created = await api("POST", "/api/v1/auth/api-keys", {
      token: admin.token,
      body: { name: "leads only", permissions: ["leads:read", "leads:write"], company_id: seller.user.company_id },
    });
    expect(created.status, created.text).toBe(201);
    const key = { apiKey: created.body.key as string };
    const lead = await qualifiedLead();
    expect((await convert(key, lead.id, { client_id: (await createTestClient(seller)).id })).status).toBe(403);
    const fields = newClient();
    expect((await convert(key, lead.id, { client: fields })).status).toBe(403);
    expect(await clientsWithEmail(fields.email)).toBe(0);
    await expectUntouched(lead.id);
  });

  it("another company's lead: 404; an unknown lead: 404", async () => {
    const company = await createTestCompany();
    const unit = await createTestBusinessUnit(company.id);
    const lead = (await postLead({ phone_e164: uniquePhone(), business_unit_id: unit.id })).body;
    await moveLead(admin, lead.id, "QUALIFIED");
    const response = await convert(seller, lead.id, { client_id: (await createTestClient(seller)).id });
    expect(response.status).toBe(404);
    expect(response.body.detail).toBe("lead not found");
    await expectUntouched(lead.id);
    expect((await convert(seller, randomUUID(), { client: newClient() })).status).toBe(404);
  });
});

describe("PATCH /leads/{id} stage=CONVERTED, kept for the contract", () => {
  it("still converts, with no client: client_id and client_name stay null", async () => {
    const lead = await qualifiedLead();
    const response = await patchLead(seller, lead.id, { stage: "CONVERTED" });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ stage: "CONVERTED", client_id: null, client_name: null });
    expect((await expectAuditRow("LEAD_CONVERTED", lead.id)).details).toMatchObject({ client_id: null });
  });
});
