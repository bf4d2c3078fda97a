import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { inProcessRunner } from "@/inngest/send";
import { api } from "@/test/api";
import { createTestBusinessUnit, createTestCompany, signInAs, testAddress, type SignedIn } from "@/test/fixtures";
import type { LeadResponse } from "../schemas";
import { moveLead, postLead, uniquePhone } from "./helpers";

// GET /leads/ (a bare list, newest first, by stage, limit/offset) and GET /leads/analytics, each run in a
// company of its own so that the counts are exactly this file's leads.

let seller: SignedIn;
let unitId: string;

beforeAll(async () => {
  vi.stubEnv("HUBSPOT_ACCESS_TOKEN", undefined);
  const company = await createTestCompany();
  unitId = (await createTestBusinessUnit(company.id)).id;
  seller = await signInAs("VENDEDOR", { companyId: company.id });
});

afterEach(async () => {
  await inProcessRunner().drain();
});

/** A lead of the seller's company, posted by the seller: a caller with leads:read gets the whole lead back. */
async function newLead(body: Record<string, unknown> = {}): Promise<LeadResponse> {
  const response = await postLead({ phone_e164: uniquePhone(), business_unit_id: unitId, ...body }, testAddress(), {
    token: seller.token,
  });
  expect(response.status).toBe(201);
  return response.body;
}

function list(query = "", user: SignedIn = seller) {
  return api<LeadResponse[]>("GET", `/api/v1/leads/${query}`, { token: user.token });
}

describe("GET /leads/", () => {
  let created: LeadResponse[];

  beforeAll(async () => {
    created = [];
    for (let index = 0; index < 4; index++) created.push(await newLead({ first_name: `Lead ${index}` }));
    await moveLead(seller, created[1].id, "CONTACTED");
    await moveLead(seller, created[3].id, "CONTACTED");
  });

  it("a bare array of whole leads, newest first", async () => {
    const response = await list();
    expect(response.status).toBe(200);
    expect(Array.isArray(response.body)).toBe(true);
    const ids = response.body.map((lead) => lead.id);
    expect(ids.slice(0, 4)).toEqual(created.map((lead) => lead.id).reverse());
    expect(Object.keys(response.body[0]).sort()).toEqual(
      [
        "id",
        "first_name",
        "last_name",
        "email",
        "phone_e164",
        "stage",
        "lead_score",
        "crm_lead_id",
        "converted_to_contact_flag",
        "source_channel",
        "utm_source",
        "utm_medium",
        "campaign_id",
        "landing_page",
        "form_started_at",
        "form_completed_at",
        "checkout_started_at",
        "purchase_completed_at",
        "abandoned_checkout_flag",
        "client_id",
        "client_name",
        "created_at",
        "updated_at",
      ].sort(),
    );
  });

  it("also answers without the trailing slash", async () => {
    const response = await api("GET", "/api/v1/leads", { token: seller.token });
    expect(response.status).toBe(200);
  });

  it("status filters by stage", async () => {
    const contacted = await list("?status=CONTACTED");
    expect(contacted.body.map((lead) => lead.id)).toEqual([created[3].id, created[1].id]);
    const fresh = await list("?status=NEW");
    expect(fresh.body.map((lead) => lead.id)).toEqual([created[2].id, created[0].id]);
    expect((await list("?status=CONVERTED")).body).toEqual([]);
  });

  it("an unknown status is 422", async () => {
    expect((await list("?status=WON")).status).toBe(422);
  });

  it("limit and offset page through newest first", async () => {
    const page = await list("?limit=2&offset=1");
    expect(page.body.map((lead) => lead.id)).toEqual([created[2].id, created[1].id]);
    expect((await list("?limit=1")).body).toHaveLength(1);
    expect((await list("?offset=4")).body).toEqual([]);
  });

  it.each(["?limit=0", "?limit=201", "?limit=-1", "?offset=-1", "?limit=abc"])("%s is 422", async (query) => {
    expect((await list(query)).status).toBe(422);
  });

  it("limit=200 is the largest page", async () => {
    expect((await list("?limit=200")).status).toBe(200);
  });

  it("only the seller's company: another company's leads are not listed", async () => {
    const other = await signInAs("VENDEDOR", { companyId: (await createTestCompany()).id });
    expect((await list("", other)).body).toEqual([]);
  });

  it("401 without credentials, 403 for CLIENTE (deviation)", async () => {
    const anonymous = await api("GET", "/api/v1/leads/");
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect((await list("", await signInAs("CLIENTE"))).status).toBe(403);
  });
});

describe("GET /leads/{id}", () => {
  it("the lead in scope, with its CRM sync state; 404 outside it or unknown; 403 for CLIENTE", async () => {
    const lead = await newLead();
    expect((await api("GET", `/api/v1/leads/${lead.id}`, { token: seller.token })).body).toEqual({
      ...lead,
      crm_synced_at: null,
      crm_sync_error: null,
    });
    const outsider = await signInAs("VENDEDOR", { companyId: (await createTestCompany()).id });
    expect((await api("GET", `/api/v1/leads/${lead.id}`, { token: outsider.token })).status).toBe(404);
    expect((await api("GET", `/api/v1/leads/${randomUUID()}`, { token: seller.token })).status).toBe(404);
    expect((await api("GET", `/api/v1/leads/${lead.id}`, { token: (await signInAs("CLIENTE")).token })).status).toBe(
      403,
    );
  });
});

describe("GET /leads/analytics", () => {
  it("leads, conversions and conversion rate by source channel and campaign, most leads first", async () => {
    const company = await createTestCompany();
    const unit = (await createTestBusinessUnit(company.id)).id;
    const analyst = await signInAs("VENDEDOR", { companyId: company.id });
    const capture = async (source_channel?: string, campaign_id?: string) =>
      (await postLead({ phone_e164: uniquePhone(), business_unit_id: unit, source_channel, campaign_id })).body;

    const facebookA = [
      await capture("facebook", "camp-a"),
      await capture("facebook", "camp-a"),
      await capture("facebook", "camp-a"),
    ];
    const facebookB = [await capture("facebook", "camp-b"), await capture("facebook", "camp-b")];
    const organic = await capture("organic");
    await capture(undefined, undefined);
    await moveLead(analyst, facebookA[0].id, "QUALIFIED", "CONVERTED");
    await moveLead(analyst, facebookA[1].id, "QUALIFIED");
    for (const lead of facebookB) await moveLead(analyst, lead.id, "QUALIFIED", "CONVERTED");
    await moveLead(analyst, organic.id, "DISQUALIFIED");

    const response = await api("GET", "/api/v1/leads/analytics", { token: analyst.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      by_source: [
        { source_channel: "facebook", campaign_id: "camp-a", leads: 3, converted: 1, conversion_rate: 0.3333 },
        { source_channel: "facebook", campaign_id: "camp-b", leads: 2, converted: 2, conversion_rate: 1 },
        { source_channel: "organic", campaign_id: null, leads: 1, converted: 0, conversion_rate: 0 },
        { source_channel: null, campaign_id: null, leads: 1, converted: 0, conversion_rate: 0 },
      ],
      total_leads: 7,
      total_converted: 3,
    });
  });

  it("a company without leads: no rows and zero totals", async () => {
    const empty = await signInAs("VENDEDOR", { companyId: (await createTestCompany()).id });
    const response = await api("GET", "/api/v1/leads/analytics", { token: empty.token });
    expect(response.body).toEqual({ by_source: [], total_leads: 0, total_converted: 0 });
  });

  it("401 without credentials, 403 for CLIENTE", async () => {
    expect((await api("GET", "/api/v1/leads/analytics")).status).toBe(401);
    expect((await api("GET", "/api/v1/leads/analytics", { token: (await signInAs("CLIENTE")).token })).status).toBe(
      403,
    );
  });
});
