import { beforeAll, describe, expect, it } from "vitest";
import { CLAIM_STATUSES, POLICY_STATUSES } from "@/db/enums";
import { todayUtc } from "@/lib/emission/dates";
import { addDays } from "@/lib/emission/premium-dates";
import { api } from "@/test/api";
import {
  createSellableVersion,
  createTestBusinessUnit,
  createTestClient,
  createTestCompany,
  dateFromToday,
  payTestPolicy,
  signInAs,
  type SignedIn,
} from "@/test/fixtures";
import { addClaim, addPolicy, addTransaction, sold } from "./book";

// GET /api/v1/reports/portfolio (reports.md section 1) over small books whose figures are worked out by
// hand below. The book is written with the dates each row took effect (./book.ts).

let admin: SignedIn;
/** grace_period_days 30 (the default). */
let versionId: string;
let planId: string;

beforeAll(async () => {
  admin = await signInAs("ADMIN");
  const { product, version } = await createSellableVersion();
  versionId = version.id;
  planId = product.plans[0].id;
});

const report = (token: string, query: Record<string, string> = {}) =>
  api("GET", `/api/v1/reports/portfolio?${new URLSearchParams(query)}`, { token });

const zeros = (statuses: readonly string[]) => Object.fromEntries(statuses.map((status) => [status, 0]));

const MONTHS = [
  "2025-07",
  "2025-08",
  "2025-09",
  "2025-10",
  "2025-11",
  "2025-12",
  "2026-01",
  "2026-02",
  "2026-03",
  "2026-04",
  "2026-05",
  "2026-06",
];

describe("the portfolio of a hand-built book on 2026-06-15", () => {
  // as_of 2026-06-15: the 12 months are 2025-07 .. 2026-06 (the window 2025-07-01 .. 2026-06-15); the lapse
  // rate's day 12 months earlier is 2025-06-15; the persistency cohort started in May 2025.
  const AS_OF = "2026-06-15";
  let companyId: string;

  beforeAll(async () => {
    companyId = (await createTestCompany()).id;
    const base = { companyId, versionId };
    // P1: sold in January 2025, paid far ahead; two lives. In force throughout.
    const p1 = await addPolicy({
      ...base,
      startDate: "2025-01-10",
      paidToDate: "2026-07-09",
      status: "ACTIVE",
      finalPrice: "30.00",
      moves: sold("2025-01-05", "2025-01-10"),
      lives: [{ from: "2025-01-10" }, { from: "2025-03-01" }],
    });
    // P2: in force on 2025-06-15, lapsed 2025-10-01.
    const p2 = await addPolicy({
      ...base,
      startDate: "2025-03-01",
      paidToDate: "2025-08-31",
      status: "LAPSED",
      moves: [
        ...sold("2025-02-20", "2025-03-01"),
        { from: "ACTIVE", to: "IN_ARREARS", on: "2025-09-01" },
        { from: "IN_ARREARS", to: "LAPSED", on: "2025-10-01" },
      ],
    });
    // P3: cohort (started May 2025), in force; its second life left on 2026-06-01.
    await addPolicy({
      ...base,
      startDate: "2025-05-10",
      paidToDate: "2026-08-09",
      status: "ACTIVE",
      moves: sold("2025-05-01", "2025-05-10"),
      lives: [{ from: "2025-05-10" }, { from: "2025-05-10", to: "2026-06-01" }],
    });
    // P4: cohort; lapsed 2026-01-19, reinstated 2026-02-10, in arrears within its grace on as_of.
    await addPolicy({
      ...base,
      startDate: "2025-05-20",
      paidToDate: "2026-05-19",
      status: "IN_ARREARS",
      moves: [
        ...sold("2025-05-15", "2025-05-20"),
        { from: "ACTIVE", to: "IN_ARREARS", on: "2025-12-20" },
        { from: "IN_ARREARS", to: "LAPSED", on: "2026-01-19" },
        { from: "LAPSED", to: "ACTIVE", on: "2026-02-10", reason: "reinstated" },
        { from: "ACTIVE", to: "IN_ARREARS", on: "2026-05-20" },
      ],
    });
    // P5: cohort, never paid: not taken up. Not in the cohort (never ACTIVE).
    await addPolicy({
      ...base,
      startDate: "2025-05-05",
      paidToDate: null,
      status: "NOT_TAKEN_UP",
      moves: [
        { from: null, to: "PENDING_PAYMENT", on: "2025-05-01" },
        { from: "PENDING_PAYMENT", to: "NOT_TAKEN_UP", on: "2025-06-05" },
      ],
    });
    // P6: new business of August 2025, cancelled 2026-03-01.
    const p6 = await addPolicy({
      ...base,
      startDate: "2025-08-01",
      paidToDate: "2026-02-28",
      status: "CANCELLED",
      moves: [...sold("2025-07-25", "2025-08-01"), { from: "ACTIVE", to: "CANCELLED", on: "2026-03-01" }],
    });
    // P7: new business of June 2026, in euros.
    const p7 = await addPolicy({
      ...base,
      startDate: "2026-06-01",
      paidToDate: "2026-06-30",
      status: "ACTIVE",
      currency: "EUR",
      finalPrice: "40.00",
      moves: sold("2026-05-28", "2026-06-03"),
    });
    // P8: imported, started September 2025: in force, but not new business.
    const p8 = await addPolicy({
      ...base,
      startDate: "2025-09-15",
      paidToDate: "2026-09-14",
      status: "ACTIVE",
      moves: [{ from: null, to: "ACTIVE", on: "2025-09-15", reason: "imported" }],
    });
    // P9: issued after as_of: no status on as_of.
    await addPolicy({
      ...base,
      startDate: "2026-07-01",
      paidToDate: null,
      status: "PENDING_PAYMENT",
      moves: [{ from: null, to: "PENDING_PAYMENT", on: "2026-06-20" }],
    });
    // P10: new business of December 2025, CANCELLED now but only from 2026-06-20: ACTIVE on as_of.
    await addPolicy({
      ...base,
      startDate: "2025-12-01",
      paidToDate: "2026-06-30",
      status: "CANCELLED",
      moves: [...sold("2025-11-28", "2025-12-01"), { from: "ACTIVE", to: "CANCELLED", on: "2026-06-20" }],
    });
    // P11 and P13: old policies in force throughout.
    const p11 = await addPolicy({
      ...base,
      startDate: "2024-06-01",
      paidToDate: "2026-07-31",
      status: "ACTIVE",
      moves: sold("2024-05-25", "2024-06-01"),
    });
    // P12: cohort, ever ACTIVE, lapsed 2025-08-24.
    await addPolicy({
      ...base,
      startDate: "2025-05-25",
      paidToDate: "2025-07-24",
      status: "LAPSED",
      moves: [
        ...sold("2025-05-25", "2025-05-25"),
        { from: "ACTIVE", to: "IN_ARREARS", on: "2025-07-25" },
        { from: "IN_ARREARS", to: "LAPSED", on: "2025-08-24" },
      ],
    });
    const p13 = await addPolicy({
      ...base,
      startDate: "2024-01-01",
      paidToDate: "2027-01-01",
      status: "ACTIVE",
      moves: sold("2023-12-20", "2024-01-01"),
    });

    // Claims, by their status on as_of: A APPROVED (closed only after as_of), B PENDING, D REJECTED,
    // E CLOSED; C is reported after as_of.
    await addClaim({
      policy: p1,
      companyId,
      moves: [
        { to: "PENDING", on: "2025-06-01" },
        { to: "IN_REVIEW", on: "2025-06-05" },
        { to: "APPROVED", on: "2025-06-10" },
        { to: "CLOSED", on: "2026-06-20" },
      ],
      payouts: [
        { amount: "500.00", currency: "USD", on: "2025-06-20" }, // before the window
        { amount: "1000.00", currency: "USD", on: "2026-02-01" },
        { amount: "77.00", currency: "USD", on: "2026-06-16" }, // after as_of
      ],
    });
    await addClaim({ policy: p13, companyId, moves: [{ to: "PENDING", on: "2026-06-01" }] });
    await addClaim({ policy: p11, companyId, moves: [{ to: "PENDING", on: "2026-06-16" }] });
    await addClaim({
      policy: p2,
      companyId,
      moves: [
        { to: "PENDING", on: "2025-10-20" },
        { to: "REJECTED", on: "2025-11-01" },
      ],
    });
    await addClaim({
      policy: p8,
      companyId,
      moves: [
        { to: "PENDING", on: "2026-03-20" },
        { to: "APPROVED", on: "2026-04-01" },
        { to: "CLOSED", on: "2026-05-01" },
      ],
      payouts: [{ amount: "100.00", currency: "GBP", on: "2026-04-15" }], // no premium in GBP
    });

    // Premiums in the window: USD 2000.00 + 2100.00 received, 100.00 refunded (pending); EUR 40.00
    // received and refunded. Outside it, or never received: left out.
    await addTransaction({
      policyId: p1.id,
      kind: "MANUAL",
      status: "PAID",
      amount: "2000.00",
      currency: "USD",
      on: "2025-09-01",
    });
    await addTransaction({
      policyId: p13.id,
      kind: "INVOICE",
      status: "PAID",
      amount: "2100.00",
      currency: "USD",
      on: "2026-03-01",
    });
    await addTransaction({
      policyId: p1.id,
      kind: "MANUAL",
      status: "PAID",
      amount: "300.00",
      currency: "USD",
      on: "2025-06-01",
    });
    await addTransaction({
      policyId: p1.id,
      kind: "MANUAL",
      status: "PAID",
      amount: "500.00",
      currency: "USD",
      on: "2026-06-20",
    });
    await addTransaction({
      policyId: p11.id,
      kind: "INTENT",
      status: "PENDING",
      amount: "999.00",
      currency: "USD",
      on: "2026-01-01",
    });
    await addTransaction({
      policyId: p11.id,
      kind: "INTENT",
      status: "FAILED",
      amount: "888.00",
      currency: "USD",
      on: "2026-01-02",
    });
    await addTransaction({
      policyId: p6.id,
      kind: "REFUND",
      status: "PENDING",
      amount: "-100.00",
      currency: "USD",
      on: "2026-03-05",
    });
    await addTransaction({
      policyId: p6.id,
      kind: "REFUND",
      status: "FAILED",
      amount: "-50.00",
      currency: "USD",
      on: "2026-03-06",
    });
    await addTransaction({
      policyId: p7.id,
      kind: "MANUAL",
      status: "PAID",
      amount: "40.00",
      currency: "EUR",
      on: "2026-06-03",
    });
    await addTransaction({
      policyId: p7.id,
      kind: "REFUND",
      status: "PAID",
      amount: "-40.00",
      currency: "EUR",
      on: "2026-06-10",
    });
  });

  it("counts every figure as worked out by hand", async () => {
    const response = await report(admin.token, { as_of: AS_OF, company_id: companyId });
    expect(response.status, response.text).toBe(200);
    const body = response.body;
    expect(body.as_of).toBe(AS_OF);
    // In force on as_of: P1, P3, P4 (in arrears within grace), P7, P8, P10, P11, P13.
    expect(body.policies.in_force).toBe(8);
    // Every status, by the move in effect on as_of (P9 has none yet; P10 was still ACTIVE).
    expect(body.policies.by_status).toEqual({
      ...zeros(POLICY_STATUSES),
      ACTIVE: 7,
      IN_ARREARS: 1,
      LAPSED: 2,
      NOT_TAKEN_UP: 1,
      CANCELLED: 1,
    });
    // P1's two lives, P3's one still covered, one each for P4, P7, P8, P10, P11, P13.
    expect(body.lives_in_force).toBe(9);
    expect(body.premium_in_force).toEqual([
      { currency: "EUR", monthly_amount: "40.00" },
      { currency: "USD", monthly_amount: "180.00" },
    ]);
    // First premiums in the window: P6 (Aug), P10 (Dec), P7 (Jun); the import P8 is left out.
    expect(body.new_business).toEqual(
      MONTHS.map((month) => ({
        month,
        policies: ["2025-08", "2025-12", "2026-06"].includes(month) ? 1 : 0,
        monthly_premium:
          month === "2026-06"
            ? [{ currency: "EUR", amount: "40.00" }]
            : ["2025-08", "2025-12"].includes(month)
              ? [{ currency: "USD", amount: "25.00" }]
              : [],
      })),
    );
    expect(body.lapses).toEqual(
      MONTHS.map((month) => ({
        month,
        lapsed: ["2025-08", "2025-10", "2026-01"].includes(month) ? 1 : 0,
        reinstated: month === "2026-02" ? 1 : 0,
      })),
    );
    // Lapsed after 2025-06-15: P12, P2, P4 = 3; in force on 2025-06-15: P1, P2, P3, P4, P11, P12, P13 = 7.
    expect(body.lapse_rate_12m).toBe("0.4286");
    // Started in May 2025 and ever ACTIVE: P3, P4, P12 (not P5); in force now: P3, P4.
    expect(body.persistency_13m).toBe("0.6667");
    expect(body.claims).toEqual({
      open: 2,
      by_status: { ...zeros(CLAIM_STATUSES), PENDING: 1, APPROVED: 1, REJECTED: 1, CLOSED: 1 },
      paid_last_12m: [
        { currency: "GBP", amount: "100.00" },
        { currency: "USD", amount: "1000.00" },
      ],
    });
    // USD 1000.00 / (2000.00 + 2100.00 - 100.00); EUR received 40.00 and refunded it: null; GBP had no
    // premium: left out.
    expect(body.loss_ratio_12m).toEqual([
      { currency: "EUR", ratio: null },
      { currency: "USD", ratio: "0.2500" },
    ]);
  });

  it("reads each policy's status on a past day from the effective dates of its history", async () => {
    const response = await report(admin.token, { as_of: "2025-12-31", company_id: companyId });
    expect(response.status, response.text).toBe(200);
    // P6 still ACTIVE, P4 in arrears since 12-20, P7 and P9 not issued yet.
    expect(response.body.policies.by_status).toEqual({
      ...zeros(POLICY_STATUSES),
      ACTIVE: 7,
      IN_ARREARS: 1,
      LAPSED: 2,
      NOT_TAKEN_UP: 1,
    });
    // P4 in arrears since 2025-12-20 is still within its grace (paid to 2026-05-19 now, which the
    // definition of "in force" reads as it is today).
    expect(response.body.policies.in_force).toBe(8);
    // Months 2025-01 .. 2025-12; first premiums: P1 (Jan), P3, P4, P12 (May), P6 (Aug), P10 (Dec).
    expect(
      response.body.new_business.map((row: { month: string; policies: number }) => [row.month, row.policies]),
    ).toEqual([
      ["2025-01", 1],
      ["2025-02", 0],
      ["2025-03", 1],
      ["2025-04", 0],
      ["2025-05", 3],
      ["2025-06", 0],
      ["2025-07", 0],
      ["2025-08", 1],
      ["2025-09", 0],
      ["2025-10", 0],
      ["2025-11", 0],
      ["2025-12", 1],
    ]);
  });

  it("leaves the other companies' books out, and a day with nothing is all zeros and null ratios", async () => {
    const empty = (await createTestCompany()).id;
    const response = await report(admin.token, { as_of: AS_OF, company_id: empty });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      as_of: AS_OF,
      policies: { in_force: 0, by_status: zeros(POLICY_STATUSES) },
      lives_in_force: 0,
      premium_in_force: [],
      new_business: MONTHS.map((month) => ({ month, policies: 0, monthly_premium: [] })),
      lapses: MONTHS.map((month) => ({ month, lapsed: 0, reinstated: 0 })),
      lapse_rate_12m: null,
      persistency_13m: null,
      claims: { open: 0, by_status: zeros(CLAIM_STATUSES), paid_last_12m: [] },
      loss_ratio_12m: [],
    });
  });

  it("narrows to a plan", async () => {
    const other = await createSellableVersion();
    const response = await report(admin.token, {
      as_of: AS_OF,
      company_id: companyId,
      plan_id: other.product.plans[0].id,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.policies.in_force).toBe(0);
    const mine = await report(admin.token, { as_of: AS_OF, company_id: companyId, plan_id: planId });
    expect(mine.body.policies.in_force).toBe(8);
  });
});

describe("a seller's scope", () => {
  let companyId: string;
  let unitA: string;
  let unitB: string;
  let sellerA: SignedIn;

  beforeAll(async () => {
    companyId = (await createTestCompany()).id;
    unitA = (await createTestBusinessUnit(companyId)).id;
    unitB = (await createTestBusinessUnit(companyId)).id;
    sellerA = await signInAs("VENDEDOR", { companyId, businessUnitId: unitA });
    const paid = { versionId, companyId, startDate: "2026-01-01", paidToDate: "2027-01-01", status: "ACTIVE" as const };
    await addPolicy({ ...paid, businessUnitId: unitA, moves: sold("2025-12-20", "2026-01-01") });
    await addPolicy({ ...paid, businessUnitId: unitB, moves: sold("2025-12-20", "2026-01-01") });
    await addPolicy({ ...paid, businessUnitId: unitB, moves: sold("2025-12-20", "2026-01-01") });
  });

  it("counts only the seller's own unit", async () => {
    const response = await report(sellerA.token, { as_of: "2026-06-15" });
    expect(response.status, response.text).toBe(200);
    expect(response.body.policies.in_force).toBe(1);
    const named = await report(sellerA.token, { as_of: "2026-06-15", company_id: companyId, business_unit_id: unitA });
    expect(named.status, named.text).toBe(200);
    expect(named.body.policies.in_force).toBe(1);
    const whole = await report(admin.token, { as_of: "2026-06-15", company_id: companyId });
    expect(whole.body.policies.in_force).toBe(3);
    const unit = await report(admin.token, { as_of: "2026-06-15", business_unit_id: unitB });
    expect(unit.body.policies.in_force).toBe(2);
  });

  it("refuses another company or unit (403)", async () => {
    const elsewhere = (await createTestCompany()).id;
    expect((await report(sellerA.token, { company_id: elsewhere })).status).toBe(403);
    expect((await report(sellerA.token, { business_unit_id: unitB })).status).toBe(403);
    // A seller of the whole company may name its units, not another company's.
    const companySeller = await signInAs("VENDEDOR", { companyId });
    expect((await report(companySeller.token, { business_unit_id: unitB })).status).toBe(200);
    const foreignUnit = (await createTestBusinessUnit(elsewhere)).id;
    expect((await report(companySeller.token, { business_unit_id: foreignUnit })).status).toBe(403);
  });

  it("refuses the wrong role (403) and nobody (401)", async () => {
    const client = await signInAs("CLIENTE");
    expect((await report(client.token)).status).toBe(403);
    expect((await api("GET", "/api/v1/reports/portfolio")).status).toBe(401);
  });
});

describe("the query", () => {
  it("refuses a malformed or future as_of and a malformed id (422)", async () => {
    const queries: Array<Record<string, string>> = [
      { as_of: "2026-02-30" },
      { as_of: "15/06/2026" },
      { as_of: dateFromToday(1) },
      { company_id: "nope" },
      { plan_id: "nope" },
    ];
    for (const query of queries) {
      const response = await report(admin.token, query);
      expect(response.status, JSON.stringify(query)).toBe(422);
    }
  });

  it("is taken on today by default", async () => {
    const companyId = (await createTestCompany()).id;
    const response = await report(admin.token, { company_id: companyId });
    expect(response.status, response.text).toBe(200);
    expect(response.body.as_of).toBe(todayUtc());
    expect(response.body.new_business).toHaveLength(12);
    expect(response.body.new_business[11].month).toBe(todayUtc().slice(0, 7));
  });
});

describe("the books the services write", () => {
  it("counts an issued, paid policy as new business and an imported lapse on its lapsed_on, not as new", async () => {
    const companyId = (await createTestCompany()).id;
    const seller = await signInAs("VENDEDOR", { companyId });
    const { version } = await createSellableVersion({ grace_period_days: 10 });
    const client = await createTestClient(seller);
    const issued = await api("POST", "/api/v1/emission/issue", {
      token: seller.token,
      body: {
        client_id: client.id,
        plan_version_id: version.id,
        start_date: dateFromToday(0),
        beneficiaries: [{ first_name: "Ana", last_name: "Pérez", kinship_type: "SELF", date_of_birth: "1985-03-01" }],
      },
    });
    expect(issued.status, issued.text).toBe(201);
    await payTestPolicy(admin, issued.body.id);
    // Imported: started 100 days ago, paid to 60 days ago, 10 days' grace: lapsed 49 days ago.
    const lapsedOn = addDays(todayUtc(), -49);
    const imported = await api("POST", "/api/v1/emission/policies/import", {
      token: admin.token,
      body: {
        client_id: client.id,
        plan_version_id: version.id,
        start_date: dateFromToday(-100),
        paid_to_date: dateFromToday(-60),
        beneficiaries: [{ first_name: "Luis", last_name: "Pérez", kinship_type: "SELF", date_of_birth: "1970-03-01" }],
      },
    });
    expect(imported.status, imported.text).toBe(201);
    expect(imported.body.lapsed_on).toBe(lapsedOn);

    const response = await report(seller.token, {});
    expect(response.status, response.text).toBe(200);
    const body = response.body;
    expect(body.policies.in_force).toBe(1);
    expect(body.policies.by_status).toMatchObject({ ACTIVE: 1, LAPSED: 1 });
    expect(body.new_business.reduce((sum: number, row: { policies: number }) => sum + row.policies, 0)).toBe(1);
    expect(body.new_business[11]).toEqual({
      month: todayUtc().slice(0, 7),
      policies: 1,
      monthly_premium: [{ currency: "USD", amount: issued.body.final_price }],
    });
    expect(body.lapses.find((row: { month: string }) => row.month === lapsedOn.slice(0, 7))).toMatchObject({
      lapsed: 1,
    });
    // The first premium was received today and nothing was paid out: 0 over it.
    expect(body.loss_ratio_12m).toEqual([{ currency: "USD", ratio: "0.0000" }]);
  });
});
