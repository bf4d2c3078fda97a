import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { beneficiaries, notifications, policies } from "@/db/schema";
import { createZoneWith } from "@/lib/catalog/__tests__/helpers";
import { api } from "@/test/api";
import {
  createSellableVersion,
  createTestBusinessUnit,
  createTestClient,
  createTestCompany,
  createTestProduct,
  dateFromToday,
  expectAuditRow,
  signInAs,
  testVersionInput,
  type SignedIn,
} from "@/test/fixtures";
import {
  emissionCounts,
  historyOf,
  issueBody,
  issueViaApi,
  person,
  quoteViaApi,
  sequenceOf,
  yearsBefore,
} from "./helpers";

// POST /api/v1/emission/issue (contract section 6, spec "Issue logic"): the order of the checks, every
// failing beneficiary named by path, pricing exactly as calculate-price, dates, number, history, audit and
// the notification, all in one transaction.

let admin: SignedIn;
let seller: SignedIn;
/** public 25.00, entry up to 70, +50% from 60 to 70; MX available, US at 40.00, ES refused by its row; PT and ES in an open zone, IT in a closed one. */
let versionId: string;
/** A client of the seller living in MX. */
let clientId: string;
const today = dateFromToday(0);
const start = dateFromToday(30);

beforeAll(async () => {
  [admin, seller] = await Promise.all([signInAs("ADMIN"), signInAs("VENDEDOR")]);
  const open = await createZoneWith(admin.token, ["PT", "ES"]);
  const closed = await createZoneWith(admin.token, ["IT"]);
  const product = await createTestProduct({
    plans: [
      {
        name: "Essential",
        versions: [
          testVersionInput({
            countries: [
              { country_code: "MX", is_available: true },
              { country_code: "US", is_available: true, price: "40.00" },
              { country_code: "ES", is_available: false },
            ],
            zones: [
              { zone_id: open.id, is_available: true },
              { zone_id: closed.id, is_available: false },
            ],
            age_surcharges: [{ min_age: 60, max_age: 70, percentage: "50" }],
          }),
        ],
      },
    ],
  });
  versionId = product.plans[0].versions[0].id;
  clientId = (await createTestClient(seller)).id;
});

function issue(body: Record<string, unknown>, token = seller.token) {
  return issueViaApi(token, body);
}

function paths(response: { body: { errors?: Array<{ path: string }> } }) {
  return (response.body.errors ?? []).map((error) => error.path);
}

async function expectIssued(body: Record<string, unknown>, token = seller.token) {
  const response = await issue(body, token);
  expect(response.status, response.text).toBe(201);
  return response.body;
}

describe("the order of the checks", () => {
  it("answers 404 'client not found' for an unknown client, whatever else is wrong", async () => {
    const response = await issue(
      issueBody(randomUUID(), randomUUID(), {
        start_date: dateFromToday(-1),
        beneficiaries: [person({ date_of_birth: "1900-01-01" })],
      }),
    );
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: "client not found", code: "not_found" });
  });

  it("answers 404 for a client of another company, as for an unknown one", async () => {
    const other = await signInAs("VENDEDOR", { companyId: (await createTestCompany()).id });
    const theirs = await createTestClient(other);
    const response = await issue(issueBody(theirs.id, versionId));
    expect(response.status).toBe(404);
    expect(response.body.detail).toBe("client not found");
  });

  it("answers 404 'plan version not found' for an unknown version, before the date and the ages", async () => {
    const response = await issue(
      issueBody(clientId, randomUUID(), {
        start_date: dateFromToday(-1),
        beneficiaries: [person({ date_of_birth: "1900-01-01" })],
      }),
    );
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: "plan version not found", code: "not_found" });
  });

  it("answers 400 for an inactive version, even with a past start date and an age over the limit", async () => {
    const inactive = (await createSellableVersion({ is_active: false })).version.id;
    for (const body of [
      issueBody(clientId, inactive),
      issueBody(clientId, inactive, {
        start_date: dateFromToday(-1),
        beneficiaries: [person({ date_of_birth: "1900-01-01", country_of_residence: "FR" })],
      }),
    ]) {
      const response = await issue(body);
      expect(response.status, response.text).toBe(400);
      expect(response.body).toEqual({ detail: "the plan version is not active", code: "bad_request" });
    }
  });

  it("answers 400 for an active version of a deactivated product", async () => {
    const { product, version } = await createSellableVersion();
    expect((await issue(issueBody(clientId, version.id))).status).toBe(201);
    const patched = await api("PATCH", `/api/v1/products/${product.id}`, {
      token: admin.token,
      body: { is_active: false },
    });
    expect(patched.status, patched.text).toBe(200);
    const response = await issue(issueBody(clientId, version.id));
    expect(response.status).toBe(400);
    expect(response.body.detail).toBe("the plan version is not active");
  });

  it("answers 422 for a start_date of yesterday (UTC), naming start_date, and issues for today", async () => {
    const yesterday = dateFromToday(-1);
    const response = await issue(issueBody(clientId, versionId, { start_date: yesterday }));
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail: `start_date ${yesterday} is in the past (today is ${today} UTC)`,
      code: "business_rule",
      errors: [{ path: "start_date", message: "must not be in the past", code: "date_in_past" }],
    });
    const issued = await expectIssued(issueBody(clientId, versionId, { start_date: today }));
    expect(issued.start_date).toBe(today);
  });

  it("reports the past start date before an age over the limit and an unavailable country", async () => {
    const response = await issue(
      issueBody(clientId, versionId, {
        start_date: dateFromToday(-1),
        beneficiaries: [person({ date_of_birth: "1900-01-01", country_of_residence: "FR" })],
      }),
    );
    expect(response.status).toBe(422);
    expect(paths(response)).toEqual(["start_date"]);
  });

  it("answers 422 for an age over max_entry_age, naming the beneficiary and both ages", async () => {
    const response = await issue(
      issueBody(clientId, versionId, {
        start_date: start,
        beneficiaries: [
          person(),
          person({
            first_name: "Juan",
            last_name: "Pérez",
            kinship_type: "PARENT",
            date_of_birth: yearsBefore(start, 71),
          }),
        ],
      }),
    );
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail: `beneficiary 2 (Juan Pérez): age 71 at ${start} exceeds the maximum entry age of 70`,
      code: "business_rule",
      errors: [
        {
          path: "beneficiaries.1.date_of_birth",
          message: `age 71 at ${start} exceeds the maximum entry age of 70`,
          code: "above_max_entry_age",
        },
      ],
    });
  });

  it("names an age over the limit before an unavailable country, and lists both", async () => {
    const response = await issue(
      issueBody(clientId, versionId, {
        beneficiaries: [
          person({ country_of_residence: "FR" }),
          person({ kinship_type: "PARENT", date_of_birth: "1930-01-01" }),
        ],
      }),
    );
    expect(response.status).toBe(422);
    expect(response.body.detail).toMatch(
      /^beneficiary 2 \(Ana Pérez\): age \d+ at .* exceeds the maximum entry age of 70$/,
    );
    expect(paths(response)).toEqual(["beneficiaries.1.date_of_birth", "beneficiaries.0.country_of_residence"]);
  });

  it("lists every beneficiary over the age limit in errors, by path", async () => {
    const response = await issue(
      issueBody(clientId, versionId, {
        beneficiaries: [
          person({ kinship_type: "PARENT", date_of_birth: "1940-01-01" }),
          person({ kinship_type: "CHILD", date_of_birth: "2010-01-01" }),
          person({ kinship_type: "PARENT", date_of_birth: "1935-06-15" }),
          person({ kinship_type: "OTHER", date_of_birth: "1920-12-31" }),
        ],
      }),
    );
    expect(response.status).toBe(422);
    expect(paths(response)).toEqual([
      "beneficiaries.0.date_of_birth",
      "beneficiaries.2.date_of_birth",
      "beneficiaries.3.date_of_birth",
    ]);
    expect(response.body.detail).toMatch(
      /^beneficiary 1 \(Ana Pérez\): age \d+ at .* exceeds the maximum entry age of 70$/,
    );
  });
});

describe("country availability", () => {
  it("answers 422 when the client's country is not available, naming the beneficiary's country field", async () => {
    const abroad = await createTestClient(seller, { country_of_residence: "FR" });
    const response = await issue(issueBody(abroad.id, versionId));
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail: "beneficiary 1 (Ana Pérez): the plan is not available in FR",
      code: "business_rule",
      errors: [
        {
          path: "beneficiaries.0.country_of_residence",
          message: "the plan is not available in FR",
          code: "not_available_in_country",
        },
      ],
    });
  });

  it("checks a beneficiary's own country_of_residence instead of the client's", async () => {
    const abroad = await createTestClient(seller, { country_of_residence: "FR" });
    const issued = await expectIssued(
      issueBody(abroad.id, versionId, { beneficiaries: [person({ country_of_residence: "MX" })] }),
    );
    expect(issued.beneficiaries[0].country_of_residence).toBe("MX");

    const response = await issue(
      issueBody(clientId, versionId, {
        beneficiaries: [
          person(),
          person({ kinship_type: "CHILD", date_of_birth: "2015-01-01", country_of_residence: "FR" }),
        ],
      }),
    );
    expect(response.status).toBe(422);
    expect(paths(response)).toEqual(["beneficiaries.1.country_of_residence"]);
  });

  it("sells where only an available zone includes the country", async () => {
    const issued = await expectIssued(
      issueBody(clientId, versionId, { beneficiaries: [person({ country_of_residence: "PT" })] }),
    );
    expect(issued.beneficiaries[0].price).toBe("25.00");
  });

  it("lets an explicit country row refusing the country beat an available zone", async () => {
    const response = await issue(
      issueBody(clientId, versionId, { beneficiaries: [person({ country_of_residence: "ES" })] }),
    );
    expect(response.status).toBe(422);
    expect(response.body.detail).toBe("beneficiary 1 (Ana Pérez): the plan is not available in ES");
  });

  it("refuses a country whose only zone is unavailable", async () => {
    const response = await issue(
      issueBody(clientId, versionId, { beneficiaries: [person({ country_of_residence: "IT" })] }),
    );
    expect(response.status).toBe(422);
    expect(paths(response)).toEqual(["beneficiaries.0.country_of_residence"]);
  });

  it("lists every beneficiary in an unavailable country", async () => {
    const response = await issue(
      issueBody(clientId, versionId, {
        beneficiaries: [
          person({ country_of_residence: "FR" }),
          person({ kinship_type: "SPOUSE", country_of_residence: "US" }),
          person({ kinship_type: "CHILD", date_of_birth: "2012-01-01", country_of_residence: "ES" }),
        ],
      }),
    );
    expect(response.status).toBe(422);
    expect(paths(response)).toEqual(["beneficiaries.0.country_of_residence", "beneficiaries.2.country_of_residence"]);
  });
});

describe("who is covered", () => {
  it.each(["SELF", "SPOUSE"])("answers 422 for a second %s, naming every extra one", async (kinship) => {
    const response = await issue(
      issueBody(clientId, versionId, {
        beneficiaries: [
          person({ kinship_type: kinship }),
          person({ kinship_type: "CHILD", date_of_birth: "2012-01-01" }),
          person({ kinship_type: kinship }),
          person({ kinship_type: kinship }),
        ],
      }),
    );
    expect(response.status).toBe(422);
    expect(paths(response)).toEqual(["beneficiaries.2.kinship_type", "beneficiaries.3.kinship_type"]);
    expect(response.body.detail).toBe(`beneficiary 3 (Ana Pérez): only one ${kinship} beneficiary per policy`);
  });

  it("accepts one SELF, one SPOUSE and several children, parents and others", async () => {
    const kinds = ["SELF", "SPOUSE", "CHILD", "CHILD", "PARENT", "PARENT", "OTHER"];
    const issued = await expectIssued(
      issueBody(clientId, versionId, {
        beneficiaries: kinds.map((kinship_type) => person({ kinship_type, date_of_birth: "1990-01-01" })),
      }),
    );
    expect(issued.beneficiaries.map((b: { kinship_type: string }) => b.kinship_type)).toEqual(kinds);
  });

  it("answers 422 for a beneficiary born after the start date: a birth after today is refused first (issue 21)", async () => {
    const response = await issue(
      issueBody(clientId, versionId, {
        start_date: start,
        beneficiaries: [person(), person({ kinship_type: "CHILD", date_of_birth: dateFromToday(31) })],
      }),
    );
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail: `invalid body 'beneficiaries.1.date_of_birth': must not be after today (${today} UTC)`,
      code: "validation_error",
      errors: [
        {
          path: "beneficiaries.1.date_of_birth",
          message: `must not be after today (${today} UTC)`,
          code: "date_in_future",
        },
      ],
    });
  });

  it("covers a child born on the start date (age 0): today, the latest day both may be", async () => {
    const issued = await expectIssued(
      issueBody(clientId, versionId, {
        start_date: today,
        beneficiaries: [person({ kinship_type: "CHILD", date_of_birth: today })],
      }),
    );
    expect(issued.beneficiaries[0].age_at_start).toBe(0);
  });
});

describe("pricing", () => {
  it("prices each beneficiary like calculate-price with its age and quantity 1, and final_price is their sum", async () => {
    const people = [
      { ...person({ date_of_birth: yearsBefore(start, 40) }), age: 40, country: "MX" },
      { ...person({ kinship_type: "SPOUSE", date_of_birth: yearsBefore(start, 65) }), age: 65, country: "MX" },
      {
        ...person({ kinship_type: "CHILD", date_of_birth: yearsBefore(start, 10), country_of_residence: "US" }),
        age: 10,
        country: "US",
      },
      {
        ...person({ kinship_type: "PARENT", date_of_birth: yearsBefore(start, 68), country_of_residence: "US" }),
        age: 68,
        country: "US",
      },
    ];
    const issued = await expectIssued(
      issueBody(clientId, versionId, {
        start_date: start,
        beneficiaries: people.map(({ age: _a, country: _c, ...rest }) => rest),
      }),
    );
    const quoted: string[] = [];
    for (const one of people) {
      const quote = await quoteViaApi(seller.token, {
        plan_version_id: versionId,
        age: one.age,
        country_code: one.country,
        quantity: 1,
      });
      expect(quote.status, quote.text).toBe(200);
      quoted.push(quote.body.final_price);
    }
    // MX at the public price, US at its override, +50% from 60.
    expect(quoted).toEqual(["25.00", "37.50", "40.00", "60.00"]);
    expect(issued.beneficiaries.map((b: { price: string }) => b.price)).toEqual(quoted);
    expect(issued.beneficiaries.map((b: { age_at_start: number }) => b.age_at_start)).toEqual([40, 65, 10, 68]);
    expect(issued.final_price).toBe("162.50");
    expect(issued.currency).toBe("USD");
  });

  it("sums prices with cents exactly (decimal, 2 places)", async () => {
    const odd = (
      await createSellableVersion({
        public_price: "10.01",
        age_surcharges: [{ min_age: 0, max_age: 70, percentage: "33.33" }],
      })
    ).version.id;
    const issued = await expectIssued(
      issueBody(clientId, odd, {
        beneficiaries: [
          person(),
          person({ kinship_type: "CHILD", date_of_birth: "2014-01-01" }),
          person({ kinship_type: "OTHER" }),
        ],
      }),
    );
    const quote = await quoteViaApi(seller.token, { plan_version_id: odd, age: 30, country_code: "MX" });
    // 10.01 * 1.3333 = 13.346... -> 13.35 each; three of them 40.05.
    expect(quote.body.final_price).toBe("13.35");
    expect(issued.beneficiaries.map((b: { price: string }) => b.price)).toEqual(["13.35", "13.35", "13.35"]);
    expect(issued.final_price).toBe("40.05");
  });
});

describe("the issued policy", () => {
  it("answers 201 with the PolicyResponse: PENDING_PAYMENT, one year of cover, a POL-<year>-<6 digits> number", async () => {
    const body = issueBody(clientId, versionId, {
      start_date: start,
      beneficiaries: [person({ first_name: "Rosa", last_name: "Díaz" })],
    });
    const issued = await expectIssued(body);
    expect(issued).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      policy_number: expect.stringMatching(new RegExp(`^POL-${today.slice(0, 4)}-\\d{6}$`)),
      client_id: clientId,
      plan_version_id: versionId,
      company_id: seller.user.company_id,
      business_unit_id: null,
      start_date: start,
      term_number: 1,
      term_start_date: start,
      end_date: yearsBefore(start, -1, -1),
      currency: "USD",
      final_price: "25.00",
      status: "PENDING_PAYMENT",
      // Nothing is paid yet (lifecycle.md section 2): the first premium is due on the start date.
      paid_to_date: null,
      next_due_date: start,
      credit: "0.00",
      grace_ends_on: null,
      lapsed_on: null,
      reinstatable_until: null,
      reinstated_on: null,
      auto_renew: true,
      cancel_at: null,
      cancellation_reason_code: null,
      beneficiaries: [
        {
          id: expect.any(String),
          first_name: "Rosa",
          last_name: "Díaz",
          kinship_type: "SELF",
          date_of_birth: "1985-03-01",
          country_of_residence: null,
          age_at_start: expect.any(Number),
          age_at_term_start: expect.any(Number),
          price: "25.00",
          deceased_flag: false,
          cover_start_date: start,
          cover_end_date: null,
        },
      ],
      created_at: expect.stringMatching(/Z$/),
    });
  });

  it("ends a cover starting on 29 February on 28 February of the next year", async () => {
    const issued = await expectIssued(
      issueBody(clientId, versionId, {
        start_date: "2028-02-29",
        beneficiaries: [person({ date_of_birth: "2000-02-29" })],
      }),
    );
    expect(issued.end_date).toBe("2029-02-28");
    expect(issued.beneficiaries[0].age_at_start).toBe(28);
    const plain = await expectIssued(issueBody(clientId, versionId, { start_date: "2028-03-01" }));
    expect(plain.end_date).toBe("2029-02-28");
    const yearEnd = await expectIssued(issueBody(clientId, versionId, { start_date: "2027-01-01" }));
    expect(yearEnd.end_date).toBe("2027-12-31");
  });

  it("computes age_at_start at the start date: a birthday on the start date counts, the day after does not", async () => {
    const issued = await expectIssued(
      issueBody(clientId, versionId, {
        start_date: start,
        beneficiaries: [
          person({ date_of_birth: yearsBefore(start, 60) }),
          person({ kinship_type: "PARENT", date_of_birth: yearsBefore(start, 60, 1) }),
          person({ kinship_type: "PARENT", date_of_birth: yearsBefore(start, 60, -1) }),
        ],
      }),
    );
    expect(issued.beneficiaries.map((b: { age_at_start: number }) => b.age_at_start)).toEqual([60, 59, 60]);
    // The surcharge band starts at 60.
    expect(issued.beneficiaries.map((b: { price: string }) => b.price)).toEqual(["37.50", "25.00", "37.50"]);
  });

  it("takes the maximum entry age itself, and refuses one who turns 71 on the start date", async () => {
    const oldest = await expectIssued(
      issueBody(clientId, versionId, {
        start_date: start,
        beneficiaries: [person({ date_of_birth: yearsBefore(start, 71, 1) })],
      }),
    );
    expect(oldest.beneficiaries[0].age_at_start).toBe(70);
    const response = await issue(
      issueBody(clientId, versionId, {
        start_date: start,
        beneficiaries: [person({ date_of_birth: yearsBefore(start, 71) })],
      }),
    );
    expect(response.status).toBe(422);
    expect(response.body.detail).toContain("age 71");
  });

  it("records the seller's business unit", async () => {
    const company = await createTestCompany();
    const unit = await createTestBusinessUnit(company.id);
    const unitSeller = await signInAs("VENDEDOR", { companyId: company.id, businessUnitId: unit.id });
    const client = await createTestClient(unitSeller);
    const issued = await expectIssued(issueBody(client.id, versionId), unitSeller.token);
    expect(issued.company_id).toBe(company.id);
    expect(issued.business_unit_id).toBe(unit.id);
  });

  it("writes one history row (from null to PENDING_PAYMENT, by the seller), the POLICY_ISSUED audit and one notification to the client", async () => {
    const client = await createTestClient(seller);
    const issued = await expectIssued(issueBody(client.id, versionId));
    const history = await historyOf(issued.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      fromStatus: null,
      toStatus: "PENDING_PAYMENT",
      changedBy: seller.user.id,
      reason: "policy issued",
    });

    const audit = await expectAuditRow("POLICY_ISSUED", issued.id);
    expect(audit.userId).toBe(seller.user.id);
    expect(audit.details).toMatchObject({
      policy_number: issued.policy_number,
      client_id: client.id,
      final_price: "25.00",
    });

    const db = await getDb();
    const sent = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.template, "policy.issued"), eq(notifications.recipient, client.email)));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: "EMAIL", companyId: issued.company_id });
    expect(sent[0].payload).toMatchObject({
      policy_number: issued.policy_number,
      start_date: issued.start_date,
      end_date: issued.end_date,
      final_price: "25.00",
      currency: "USD",
    });
  });

  it("stores the beneficiaries in the order given", async () => {
    const names = ["Uno", "Dos", "Tres", "Cuatro", "Cinco"];
    const issued = await expectIssued(
      issueBody(clientId, versionId, {
        beneficiaries: names.map((first_name) => person({ first_name, kinship_type: "OTHER" })),
      }),
    );
    expect(issued.beneficiaries.map((b: { first_name: string }) => b.first_name)).toEqual(names);
    const db = await getDb();
    expect(await db.select().from(beneficiaries).where(eq(beneficiaries.policyId, issued.id))).toHaveLength(5);
  });

  it("gives consecutive numbers, and a refused issue writes nothing and consumes no number", async () => {
    const first = await expectIssued(issueBody(clientId, versionId));
    const before = await emissionCounts();
    for (const body of [
      issueBody(clientId, versionId, {
        beneficiaries: [person(), person({ kinship_type: "PARENT", date_of_birth: "1930-01-01" })],
      }),
      issueBody(clientId, versionId, { beneficiaries: [person({ country_of_residence: "FR" })] }),
      issueBody(clientId, versionId, { start_date: dateFromToday(-1) }),
      issueBody(randomUUID(), versionId),
    ]) {
      expect((await issue(body)).status).not.toBe(201);
    }
    expect(await emissionCounts()).toEqual(before);
    const next = await expectIssued(issueBody(clientId, versionId));
    expect(sequenceOf(next.policy_number)).toBe(sequenceOf(first.policy_number) + 1);
    const db = await getDb();
    expect(
      await db.select({ id: policies.id }).from(policies).where(eq(policies.policyNumber, next.policy_number)),
    ).toEqual([{ id: next.id }]);
  });
});

describe("access", () => {
  it("refuses a CLIENTE (403) and an anonymous caller (401), storing nothing", async () => {
    const cliente = await signInAs("CLIENTE");
    const before = await emissionCounts();
    const refused = await issue(issueBody(clientId, versionId), cliente.token);
    expect(refused.status).toBe(403);
    const anonymous = await api("POST", "/api/v1/emission/issue", { body: issueBody(clientId, versionId) });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(await emissionCounts()).toEqual(before);
  });

  it("issues for ADMIN on a seller's client", async () => {
    const issued = await expectIssued(issueBody(clientId, versionId), admin.token);
    expect(issued.company_id).toBe(admin.user.company_id);
  });

  // trust.md section 3: a company's product is issuable only inside that company.
  it("answers 404 for a product owned by another company, and issues for that company's seller", async () => {
    const owner = await createTestCompany();
    const product = await createTestProduct({
      company_id: owner.id,
      plans: [
        { name: "Private", versions: [testVersionInput({ countries: [{ country_code: "MX", is_available: true }] })] },
      ],
    });
    const privateVersion = product.plans[0].versions[0].id;
    const response = await issue(issueBody(clientId, privateVersion));
    expect(response.status).toBe(404);
    expect(response.body.detail).toBe("plan version not found");

    const ownSeller = await signInAs("VENDEDOR", { companyId: owner.id });
    const ownClient = await createTestClient(ownSeller);
    await expectIssued(issueBody(ownClient.id, privateVersion), ownSeller.token);
  });
});

describe("malformed requests (422)", () => {
  it.each([
    ["a malformed client_id", { client_id: "client-1" }, "client_id"],
    ["a malformed plan_version_id", { plan_version_id: "12345" }, "plan_version_id"],
    ["an empty beneficiary list", { beneficiaries: [] }, "beneficiaries"],
    ["no beneficiary list", { beneficiaries: undefined }, "beneficiaries"],
    ["an impossible start date", { start_date: "2030-02-30" }, "start_date"],
    ["a start date written otherwise", { start_date: "01/02/2030" }, "start_date"],
    ["an unknown kinship", { beneficiaries: [person({ kinship_type: "COUSIN" })] }, "beneficiaries.0.kinship_type"],
    [
      "a lower-case beneficiary country",
      { beneficiaries: [person({ country_of_residence: "mx" })] },
      "beneficiaries.0.country_of_residence",
    ],
    [
      "a beneficiary without a date of birth",
      { beneficiaries: [person(), { first_name: "A", last_name: "B", kinship_type: "CHILD" }] },
      "beneficiaries.1.date_of_birth",
    ],
  ])("%s", async (_, bad, path) => {
    const response = await issue({ ...issueBody(clientId, versionId), ...bad });
    expect(response.status, response.text).toBe(422);
    expect(paths(response)).toContain(path);
  });

  it("more than 1000 beneficiaries, storing nothing; exactly 1000 are issued", async () => {
    const many = (n: number) =>
      Array.from({ length: n }, (_, i) =>
        person({ first_name: `P${i}`, kinship_type: "OTHER", date_of_birth: "1990-01-01" }),
      );
    const before = await emissionCounts();
    const response = await issue(issueBody(clientId, versionId, { beneficiaries: many(1001) }));
    expect(response.status).toBe(422);
    expect(paths(response)).toEqual(["beneficiaries"]);
    expect(await emissionCounts()).toEqual(before);
    const issued = await expectIssued(issueBody(clientId, versionId, { beneficiaries: many(1000) }));
    expect(issued.beneficiaries).toHaveLength(1000);
    expect(issued.final_price).toBe("25000.00");
  });
});
