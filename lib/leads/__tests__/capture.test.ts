import { randomInt, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { leads } from "@/db/schema";
import { getDefaultCompanyId } from "@/lib/identity/internal";
import { createTestBusinessUnit, createTestCompany, testAddress } from "@/lib/testing/fixtures";
import { awayFromMinuteEdge, leadRow, postLead, uniquePhone } from "./helpers";

// Contract section 9: POST /leads/ is public, keyed by the E.164 phone, and rate-limited per address.

const FIRST_SOURCE = {
  source_channel: "whatsapp",
  utm_source: "facebook",
  utm_medium: "cpc",
  campaign_id: "camp-2026-spring",
  landing_page: "https://example.com/repatriation?utm_source=facebook",
};

describe("POST /leads/ (capture)", () => {
  it("a new phone: 201 with the whole lead, stage NEW, no markers", async () => {
    const phone = uniquePhone();
    const response = await postLead({ phone_e164: phone, first_name: "Lucía", last_name: "Ramírez", email: "lucia@example.com", ...FIRST_SOURCE });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      first_name: "Lucía",
      last_name: "Ramírez",
      email: "lucia@example.com",
      phone_e164: phone,
      stage: "NEW",
      lead_score: 0,
      crm_lead_id: null,
      converted_to_contact_flag: false,
      ...FIRST_SOURCE,
      form_started_at: null,
      form_completed_at: null,
      checkout_started_at: null,
      purchase_completed_at: null,
      abandoned_checkout_flag: false,
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
  });

  it("only the phone is required; without a business unit the lead belongs to the default company", async () => {
    const response = await postLead({ phone_e164: uniquePhone() });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ first_name: null, last_name: null, email: null, source_channel: null, campaign_id: null });
    const row = await leadRow(response.body.id);
    expect(row.companyId).toBe(await getDefaultCompanyId(await getDb()));
    expect(row.businessUnitId).toBeNull();
  });

  it("a known phone: 200 with the same lead, no second row", async () => {
    const phone = uniquePhone();
    const first = await postLead({ phone_e164: phone });
    const second = await postLead({ phone_e164: phone });
    expect([first.status, second.status]).toEqual([201, 200]);
    expect(second.body.id).toBe(first.body.id);
    expect(await (await getDb()).select().from(leads).where(eq(leads.phoneE164, phone))).toHaveLength(1);
  });

  it("a known phone: names and e-mail are updated when given, kept when not", async () => {
    const phone = uniquePhone();
    await postLead({ phone_e164: phone, first_name: "Ana", last_name: "Gómez", email: "ana@example.com" });
    const renamed = await postLead({ phone_e164: phone, first_name: "Ana María" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ first_name: "Ana María", last_name: "Gómez", email: "ana@example.com" });
    const newEmail = await postLead({ phone_e164: phone, last_name: "Gómez Ruiz", email: "ana.maria@example.com" });
    expect(newEmail.body).toMatchObject({ first_name: "Ana María", last_name: "Gómez Ruiz", email: "ana.maria@example.com" });
  });

  it("a known phone: source_channel, utm_source, utm_medium, campaign_id and landing_page keep their first values", async () => {
    const phone = uniquePhone();
    await postLead({ phone_e164: phone, ...FIRST_SOURCE });
    const again = await postLead({
      phone_e164: phone,
      source_channel: "instagram",
      utm_source: "google",
      utm_medium: "organic",
      campaign_id: "camp-other",
      landing_page: "https://example.com/other",
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject(FIRST_SOURCE);
  });

  it("a first post without a source does not let a later post set one (the first values were none)", async () => {
    const phone = uniquePhone();
    await postLead({ phone_e164: phone });
    const again = await postLead({ phone_e164: phone, ...FIRST_SOURCE });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ source_channel: null, utm_source: null, utm_medium: null, campaign_id: null, landing_page: null });
  });

  it("a known phone keeps its stage and score", async () => {
    const phone = uniquePhone();
    const first = await postLead({ phone_e164: phone });
    await (await getDb()).update(leads).set({ stage: "CONTACTED", leadScore: 40 }).where(eq(leads.id, first.body.id));
    const again = await postLead({ phone_e164: phone, first_name: "Otra" });
    expect(again.body).toMatchObject({ stage: "CONTACTED", lead_score: 40 });
  });

  it.each([
    ["no plus sign", "5512345678"],
    ["a leading zero after the plus", "+05512345678"],
    ["too short (7 digits)", "+1234567"],
    ["too long (16 digits)", "+1234567890123456"],
    ["letters", "+52155ABC5678"],
    ["spaces inside", "+52 1 55 1234 5678"],
    ["empty", ""],
  ])("a phone that is not E.164 (%s): 422 naming phone_e164", async (_case, phone) => {
    const response = await postLead({ phone_e164: phone });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: "phone_e164" })]));
  });

  it("the shortest and longest E.164 numbers are accepted (8 and 15 digits)", async () => {
    const short = `+1${digits(7)}`;
    const long = `+4${digits(14)}`;
    expect((await postLead({ phone_e164: short })).status).toBe(201);
    expect((await postLead({ phone_e164: long })).status).toBe(201);
  });

  it("no phone at all, a bad e-mail or a malformed unit id: 422", async () => {
    expect((await postLead({ first_name: "Ana" })).status).toBe(422);
    expect((await postLead({ phone_e164: uniquePhone(), email: "not-an-email" })).status).toBe(422);
    expect((await postLead({ phone_e164: uniquePhone(), business_unit_id: "not-a-uuid" })).status).toBe(422);
  });

  it("business_unit_id decides the company: the lead belongs to the unit and its company", async () => {
    const company = await createTestCompany();
    const unit = await createTestBusinessUnit(company.id);
    const response = await postLead({ phone_e164: uniquePhone(), business_unit_id: unit.id });
    expect(response.status).toBe(201);
    const row = await leadRow(response.body.id);
    expect({ companyId: row.companyId, businessUnitId: row.businessUnitId }).toEqual({ companyId: company.id, businessUnitId: unit.id });
  });

  it("an unknown business unit: 404 and no lead", async () => {
    const phone = uniquePhone();
    const response = await postLead({ phone_e164: phone, business_unit_id: randomUUID() });
    expect(response.status).toBe(404);
    expect(response.body.detail).toMatch(/business unit/);
    expect(await (await getDb()).select().from(leads).where(eq(leads.phoneE164, phone))).toHaveLength(0);
  });
});

describe("POST /leads/ rate limit (30 a minute per client address)", () => {
  it("the 31st post from one address within a minute: 429 with Retry-After; another address still gets through", async () => {
    await awayFromMinuteEdge();
    const address = testAddress();
    const statuses: number[] = [];
    for (let index = 0; index < 30; index++) statuses.push((await postLead({ phone_e164: uniquePhone() }, address)).status);
    expect(statuses).toEqual(Array(30).fill(201));

    const limited = await postLead({ phone_e164: uniquePhone() }, address);
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toMatch(/too many leads/);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // A known phone counts too: the limit is on posts, not on new leads.
    expect((await postLead({ phone_e164: uniquePhone() }, address)).status).toBe(429);
    expect((await postLead({ phone_e164: uniquePhone() }, testAddress())).status).toBe(201);
  });
});

describe("concurrent posts of one phone", () => {
  // On the PostgreSQL server (TEST_DATABASE_URL) the 20 requests run on separate connections and really
  // race on the unique phone; on PGlite they queue on its one connection and the same answers hold.
  it("20 posts at once: exactly one lead, exactly one 201, nineteen 200 with the same id", async () => {
    await awayFromMinuteEdge();
    const phone = uniquePhone();
    const address = testAddress();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => postLead({ phone_e164: phone, first_name: `Name ${index}`, source_channel: `channel-${index}` }, address)),
    );
    const statuses = responses.map((response) => response.status).sort((a, b) => a - b);
    expect(statuses).toEqual([...Array(19).fill(200), 201]);
    expect(new Set(responses.map((response) => response.body.id)).size).toBe(1);
    const rows = await (await getDb()).select().from(leads).where(eq(leads.phoneE164, phone));
    expect(rows).toHaveLength(1);
    // The source of the post that created the lead is the one kept.
    const creator = responses.find((response) => response.status === 201)!;
    expect(rows[0].sourceChannel).toBe(creator.body.source_channel);
  });
});

function digits(count: number): string {
  return Array.from({ length: count }, () => String(randomInt(10))).join("");
}
