import { randomInt, randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { leads } from "@/db/schema";
import { getDefaultCompanyId } from "@/lib/identity/internal";
import { api } from "@/test/api";
import { createTestBusinessUnit, createTestCompany, signInAs, testAddress, type SignedIn } from "@/test/fixtures";
import { toLeadResponse, withClientName } from "../internal";
import { awayFromMinuteEdge, leadRow, postLead, uniquePhone } from "./helpers";

// Contract section 9 as trust.md sections 4 and 7 amend it: POST /leads/ is public, keyed by the phone
// (parsed with libphonenumber, stored as E.164), rate-limited per address; an anonymous caller gets the
// id only and can fill a known lead's empty fields but change nothing set.

const NO_SOURCE = { source_channel: null, utm_source: null, utm_medium: null, campaign_id: null, landing_page: null };

const FIRST_SOURCE = {
  source_channel: "whatsapp",
  utm_source: "facebook",
  utm_medium: "cpc",
  campaign_id: "camp-2026-spring",
  landing_page: "https://example.com/repatriation?utm_source=facebook",
};

const STORED_LEAD = {
  id: expect.stringMatching(/^[0-9a-f-]{36}$/),
  stage: "NEW",
  lead_score: 0,
  crm_lead_id: null,
  converted_to_contact_flag: false,
  form_started_at: null,
  form_completed_at: null,
  checkout_started_at: null,
  purchase_completed_at: null,
  abandoned_checkout_flag: false,
  client_id: null,
  client_name: null,
  created_at: expect.stringMatching(/Z$/),
  updated_at: expect.stringMatching(/Z$/),
};

/** The stored lead as the API shows it (GET /leads/{id} without its CRM fields). */
async function storedLead(id: string) {
  return toLeadResponse(await withClientName(await getDb(), await leadRow(id)));
}

describe("POST /leads/ (capture) without credentials: the id only, never the stored lead (trust.md section 4)", () => {
  it("a new phone: 201 {id}; the lead is stored whole, stage NEW, no markers", async () => {
    const phone = uniquePhone();
    const response = await postLead({
      phone_e164: phone,
      first_name: "Lucía",
      last_name: "Ramírez",
      email: "lucia@example.com",
      ...FIRST_SOURCE,
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(await storedLead(response.body.id)).toEqual({
      ...STORED_LEAD,
      id: response.body.id,
      first_name: "Lucía",
      last_name: "Ramírez",
      email: "lucia@example.com",
      phone_e164: phone,
      ...FIRST_SOURCE,
    });
  });

  it("only the phone is required; without a business unit the lead belongs to the default company", async () => {
    const response = await postLead({ phone_e164: uniquePhone() });
    expect(response.status).toBe(201);
    const row = await leadRow(response.body.id);
    expect(row).toMatchObject({ firstName: null, lastName: null, email: null, sourceChannel: null, campaignId: null });
    expect(row.companyId).toBe(await getDefaultCompanyId(await getDb()));
    expect(row.businessUnitId).toBeNull();
  });

  it("a known phone: 200 {id} of the same lead, no second row", async () => {
    const phone = uniquePhone();
    const first = await postLead({ phone_e164: phone });
    const second = await postLead({ phone_e164: phone, first_name: "Ana" });
    expect([first.status, second.status]).toEqual([201, 200]);
    expect(second.body).toEqual({ id: first.body.id });
    expect(await (await getDb()).select().from(leads).where(eq(leads.phoneE164, phone))).toHaveLength(1);
  });

  it("regression: a known phone's names and e-mail are not overwritten, nor read back", async () => {
    const phone = uniquePhone();
    const first = await postLead({
      phone_e164: phone,
      first_name: "Ana",
      last_name: "Gómez",
      email: "ana@example.com",
    });
    const probe = await postLead({
      phone_e164: phone,
      first_name: "Mallory",
      last_name: "Intruder",
      email: "mallory@example.com",
    });
    expect(probe.status).toBe(200);
    expect(probe.body).toEqual({ id: first.body.id });
    expect(JSON.stringify(probe.body)).not.toMatch(/Ana|Gómez|ana@example/);
    expect(await storedLead(first.body.id)).toMatchObject({
      first_name: "Ana",
      last_name: "Gómez",
      email: "ana@example.com",
    });
  });

  it("a known phone: the fields still empty are filled, one by one", async () => {
    const phone = uniquePhone();
    const { body } = await postLead({ phone_e164: phone, first_name: "Ana" });
    expect((await postLead({ phone_e164: phone, first_name: "Otra", last_name: "Gómez" })).status).toBe(200);
    expect(await storedLead(body.id)).toMatchObject({ first_name: "Ana", last_name: "Gómez", email: null });
    expect((await postLead({ phone_e164: phone, last_name: "Ruiz", email: "ana@example.com" })).status).toBe(200);
    expect(await storedLead(body.id)).toMatchObject({
      first_name: "Ana",
      last_name: "Gómez",
      email: "ana@example.com",
    });
  });

  it("a known phone: source_channel, utm_source, utm_medium, campaign_id and landing_page keep their first values", async () => {
    const phone = uniquePhone();
    const { body } = await postLead({ phone_e164: phone, ...FIRST_SOURCE });
    const again = await postLead({
      phone_e164: phone,
      source_channel: "instagram",
      utm_source: "google",
      utm_medium: "organic",
      campaign_id: "camp-other",
      landing_page: "https://example.com/other",
    });
    expect(again.status).toBe(200);
    expect(await storedLead(body.id)).toMatchObject(FIRST_SOURCE);
  });

  // Changed rule (trust.md section 4): the first NON-EMPTY value is kept; before, a first post without a
  // source kept every later one out.
  it("a first post without a source: a later post fills it, and that first non-empty value stays", async () => {
    const phone = uniquePhone();
    const { body } = await postLead({ phone_e164: phone });
    expect(
      (await postLead({ phone_e164: phone, source_channel: "whatsapp", campaign_id: "camp-2026-spring" })).status,
    ).toBe(200);
    expect(
      (await postLead({ phone_e164: phone, ...FIRST_SOURCE, source_channel: "instagram", campaign_id: "camp-other" }))
        .status,
    ).toBe(200);
    expect(await storedLead(body.id)).toMatchObject(FIRST_SOURCE);
  });

  it("a known phone keeps its stage and score", async () => {
    const phone = uniquePhone();
    const first = await postLead({ phone_e164: phone });
    await (await getDb()).update(leads).set({ stage: "CONTACTED", leadScore: 40 }).where(eq(leads.id, first.body.id));
    expect((await postLead({ phone_e164: phone, first_name: "Otra" })).status).toBe(200);
    expect(await storedLead(first.body.id)).toMatchObject({ stage: "CONTACTED", lead_score: 40 });
  });

  it("a post that changes nothing leaves updated_at as it was; one that fills a field moves it", async () => {
    const phone = uniquePhone();
    const { body } = await postLead({ phone_e164: phone, first_name: "Ana", ...FIRST_SOURCE });
    const past = new Date("2026-01-01T00:00:00Z");
    await (await getDb()).update(leads).set({ updatedAt: past }).where(eq(leads.id, body.id));
    expect((await postLead({ phone_e164: phone, first_name: "Mallory", source_channel: "instagram" })).status).toBe(
      200,
    );
    expect((await leadRow(body.id)).updatedAt).toEqual(past);
    expect((await postLead({ phone_e164: phone, email: "ana@example.com" })).status).toBe(200);
    expect((await leadRow(body.id)).updatedAt.getTime()).toBeGreaterThan(past.getTime());
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
    expect({ companyId: row.companyId, businessUnitId: row.businessUnitId }).toEqual({
      companyId: company.id,
      businessUnitId: unit.id,
    });
  });

  it("an unknown business unit: 404 and no lead", async () => {
    const phone = uniquePhone();
    const response = await postLead({ phone_e164: phone, business_unit_id: randomUUID() });
    expect(response.status).toBe(404);
    expect(response.body.detail).toMatch(/business unit/);
    expect(await (await getDb()).select().from(leads).where(eq(leads.phoneE164, phone))).toHaveLength(0);
  });
});

describe("POST /leads/ by a caller who may read the lead (leads:read, in scope)", () => {
  let company: string;
  let unit: string;
  let seller: SignedIn;

  beforeAll(async () => {
    company = (await createTestCompany()).id;
    unit = (await createTestBusinessUnit(company)).id;
    seller = await signInAs("VENDEDOR", { companyId: company });
  });

  it("a seller of the lead's company: 201 and 200 with the whole lead; names and e-mail are replaced when given, kept when not", async () => {
    const phone = uniquePhone();
    const first = await postLead(
      { phone_e164: phone, first_name: "Ana", last_name: "Gómez", email: "ana@example.com", business_unit_id: unit },
      testAddress(),
      { token: seller.token },
    );
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      ...STORED_LEAD,
      first_name: "Ana",
      last_name: "Gómez",
      email: "ana@example.com",
      phone_e164: phone,
      ...NO_SOURCE,
    });
    const renamed = await postLead({ phone_e164: phone, first_name: "Ana María" }, testAddress(), {
      token: seller.token,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      id: first.body.id,
      first_name: "Ana María",
      last_name: "Gómez",
      email: "ana@example.com",
    });
    const newEmail = await postLead(
      { phone_e164: phone, last_name: "Gómez Ruiz", email: "ana.maria@example.com" },
      testAddress(),
      { token: seller.token },
    );
    expect(newEmail.body).toMatchObject({
      first_name: "Ana María",
      last_name: "Gómez Ruiz",
      email: "ana.maria@example.com",
    });
  });

  it("a landing site's API key of the company with leads:read corrects the lead an anonymous post made, and reads it back", async () => {
    const admin = await signInAs("ADMIN");
    const key = await api("POST", "/api/v1/auth/api-keys", {
      token: admin.token,
      body: { name: `landing ${randomUUID().slice(0, 6)}`, permissions: ["leads:read"], company_id: company },
    });
    expect(key.status, key.text).toBe(201);
    const phone = uniquePhone();
    const anonymous = await postLead({ phone_e164: phone, first_name: "Ana", business_unit_id: unit });
    const corrected = await postLead({ phone_e164: phone, first_name: "Ana Lucía" }, testAddress(), {
      apiKey: key.body.key,
    });
    expect(corrected.status).toBe(200);
    expect(corrected.body).toMatchObject({
      id: anonymous.body.id,
      first_name: "Ana Lucía",
      phone_e164: phone,
      stage: "NEW",
    });
  });

  it("source fields keep their first non-empty value for a seller too", async () => {
    const phone = uniquePhone();
    await postLead({ phone_e164: phone, business_unit_id: unit, ...FIRST_SOURCE });
    const again = await postLead(
      { phone_e164: phone, source_channel: "instagram", utm_source: "google" },
      testAddress(),
      { token: seller.token },
    );
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject(FIRST_SOURCE);
  });

  it("GET /leads/{id}: the seller reads the whole lead an anonymous post answered with its id only", async () => {
    const phone = uniquePhone();
    const { body } = await postLead({ phone_e164: phone, first_name: "Ana", business_unit_id: unit });
    const read = await api("GET", `/api/v1/leads/${body.id}`, { token: seller.token });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      id: body.id,
      first_name: "Ana",
      phone_e164: phone,
      crm_synced_at: null,
      crm_sync_error: null,
    });
  });

  describe("treated as anonymous: {id} only, empty fields filled, nothing set changed", () => {
    const cases: Array<[string, () => Promise<{ token?: string; apiKey?: string }>]> = [
      ["a signed-in client without leads:read (CLIENTE)", async () => ({ token: (await signInAs("CLIENTE")).token })],
      [
        "a seller of another company",
        async () => ({ token: (await signInAs("VENDEDOR", { companyId: (await createTestCompany()).id })).token }),
      ],
      [
        "a seller of the company bound to another business unit",
        async () => ({
          token: (
            await signInAs("VENDEDOR", {
              companyId: company,
              businessUnitId: (await createTestBusinessUnit(company)).id,
            })
          ).token,
        }),
      ],
      [
        "another company's API key holding leads:read and leads:write",
        async () => {
          const admin = await signInAs("ADMIN");
          const other = (await createTestCompany()).id;
          const key = await api("POST", "/api/v1/auth/api-keys", {
            token: admin.token,
            body: {
              name: `other ${randomUUID().slice(0, 6)}`,
              permissions: ["leads:read", "leads:write"],
              company_id: other,
            },
          });
          return { apiKey: key.body.key as string };
        },
      ],
    ];

    it.each(cases)("%s", async (_, credentialsOf) => {
      const credentials = await credentialsOf();
      const phone = uniquePhone();
      const { body } = await postLead({
        phone_e164: phone,
        first_name: "Ana",
        last_name: "Gómez",
        business_unit_id: unit,
      });
      const probe = await postLead(
        { phone_e164: phone, first_name: "Mallory", last_name: "Intruder", email: "mallory@example.com" },
        testAddress(),
        credentials,
      );
      expect(probe.status, probe.text).toBe(200);
      expect(probe.body).toEqual({ id: body.id });
      expect(await storedLead(body.id)).toMatchObject({
        first_name: "Ana",
        last_name: "Gómez",
        email: "mallory@example.com",
      });
      // A new phone from such a caller: 201 with the id only (the lead is not in its scope, or it may not read leads).
      const fresh = await postLead({ phone_e164: uniquePhone(), business_unit_id: unit }, testAddress(), credentials);
      expect(fresh.status).toBe(201);
      expect(fresh.body).toEqual({ id: expect.any(String) });
    });
  });
});

describe("phone numbers (trust.md section 7): parsed with libphonenumber, stored as E.164", () => {
  it("a national number with country_code is stored in E.164, and its E.164 form finds the same lead", async () => {
    const local = String(randomInt(10 ** 7, 10 ** 8));
    const national = `55 ${local.slice(0, 4)} ${local.slice(4)}`;
    const first = await postLead({ phone_e164: national, country_code: "MX" });
    expect(first.status, first.text).toBe(201);
    expect((await leadRow(first.body.id)).phoneE164).toBe(`+5255${local}`);
    const again = await postLead({ phone_e164: `+5255${local}` });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    // And once more with separators and another country named: an international number stands for itself.
    const international = await postLead({
      phone_e164: `+52 (55) ${local.slice(0, 4)}-${local.slice(4)}`,
      country_code: "ES",
    });
    expect(international.status).toBe(200);
    expect(international.body.id).toBe(first.body.id);
  });

  it.each([
    ["US", "(310) 555-0123", "+13105550123"],
    ["ES", "600 11 12 22", "+34600111222"],
    ["GB", "020 7946 0018", "+442079460018"],
    ["AR", "011 15-2345-6789", "+5491123456789"],
  ])("%s: %s is stored as %s", async (country, typed, e164) => {
    await (await getDb()).delete(leads).where(eq(leads.phoneE164, e164));
    const response = await postLead({ phone_e164: typed, country_code: country });
    expect(response.status, response.text).toBe(201);
    expect((await leadRow(response.body.id)).phoneE164).toBe(e164);
  });

  it.each([
    ["no plus sign and no country_code", { phone_e164: "5512345678" }],
    ["a leading zero after the plus", { phone_e164: "+05512345678" }],
    ["too short (7 digits)", { phone_e164: "+1234567" }],
    ["too long (16 digits)", { phone_e164: "+1234567890123456" }],
    ["letters", { phone_e164: "+52155ABC5678" }],
    ["spaces inside, without country_code", { phone_e164: "+52 1 55 1234 5678" }],
    ["empty", { phone_e164: "" }],
    ["E.164 in shape but not a number of its country (Mexico's retired mobile 1)", { phone_e164: "+5215512345678" }],
    ["a calling code no country has", { phone_e164: "+99912345678" }],
    ["a national number too short for its country", { phone_e164: "55 1234", country_code: "MX" }],
    ["a national number of a range its country does not use", { phone_e164: "(011) 555-0123", country_code: "US" }],
    [
      "a national number of a country libphonenumber cannot read (Antarctica)",
      { phone_e164: "12345678", country_code: "AQ" },
    ],
  ])("%s: 422 naming phone_e164, and no lead", async (_case, body) => {
    const before = await leadCount();
    const response = await postLead(body);
    expect(response.status, response.text).toBe(422);
    expect(response.body.code).toBe("validation_error");
    expect(response.body.errors).toEqual([expect.objectContaining({ path: "phone_e164" })]);
    expect(await leadCount()).toBe(before);
  });

  it("a country_code that is no ISO country: 422 naming country_code", async () => {
    for (const country_code of ["ZZ", "mx", "MEX"]) {
      const response = await postLead({ phone_e164: "55 1234 5678", country_code });
      expect(response.status, country_code).toBe(422);
      expect(response.body.errors).toEqual([expect.objectContaining({ path: "country_code" })]);
    }
  });
});

async function leadCount(): Promise<number> {
  const [{ total }] = await (await getDb()).select({ total: count() }).from(leads);
  return total;
}

describe("POST /leads/ rate limit (30 a minute per client address)", () => {
  it("the 31st post from one address within a minute: 429 with Retry-After; another address still gets through", async () => {
    await awayFromMinuteEdge();
    const address = testAddress();
    const statuses: number[] = [];
    for (let index = 0; index < 30; index++)
      statuses.push((await postLead({ phone_e164: uniquePhone() }, address)).status);
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
      Array.from({ length: 20 }, (_, index) =>
        postLead({ phone_e164: phone, first_name: `Name ${index}`, source_channel: `channel-${index}` }, address),
      ),
    );
    const statuses = responses.map((response) => response.status).sort((a, b) => a - b);
    expect(statuses).toEqual([...Array(19).fill(200), 201]);
    expect(new Set(responses.map((response) => response.body.id)).size).toBe(1);
    const rows = await (await getDb()).select().from(leads).where(eq(leads.phoneE164, phone));
    expect(rows).toHaveLength(1);
    // One post's values are kept whole: the name and source of the post that created the lead.
    const creator = /^Name (\d+)$/.exec(rows[0].firstName ?? "");
    expect(creator).not.toBeNull();
    expect(rows[0].sourceChannel).toBe(`channel-${creator![1]}`);
  });
});
