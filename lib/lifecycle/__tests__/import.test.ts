import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { policies, policyAccountEntries, policyTerms } from "@/db/schema";
import { endOfYearOfCover, todayUtc } from "@/lib/emission/dates";
import { addDays } from "@/lib/emission/premium-dates";
import { createApiKey, historyOf, person, yearsBefore } from "@/lib/emission/__tests__/helpers";
import { api } from "@/test/api";
import {
  createSellableVersion,
  createTestClient,
  createTestCompany,
  dateFromToday,
  expectAuditRow,
  signInAs,
  type SignedIn,
} from "@/test/fixtures";

// POST /api/v1/emission/policies/import (lifecycle.md section 9): one policy of a book, in the status the
// lifecycle would give it today, with the history rows it would have written.

let admin: SignedIn;
/** Sold in MX at 25.00 USD, entry up to 70, +50% from 60 to 70; grace 30 days, not taken up after 30. */
let versionId: string;
let clientId: string;
const today = todayUtc();

beforeAll(async () => {
  admin = await signInAs("ADMIN");
  versionId = (await createSellableVersion()).version.id;
  clientId = (await createTestClient(admin)).id;
});

function importBody(overrides: Record<string, unknown> = {}) {
  return {
    client_id: clientId,
    plan_version_id: versionId,
    start_date: dateFromToday(-100),
    beneficiaries: [person()],
    ...overrides,
  };
}

const importPolicy = (body: Record<string, unknown>, token = admin.token) =>
  api("POST", "/api/v1/emission/policies/import", { token, body });

async function imported(overrides: Record<string, unknown> = {}) {
  const response = await importPolicy(importBody(overrides));
  expect(response.status, response.text).toBe(201);
  return response.body;
}

const moves = async (policyId: string) =>
  (await historyOf(policyId)).map((row) => ({
    from: row.fromStatus,
    to: row.toStatus,
    reason: row.reason,
    effective: row.effectiveDate,
    by: row.changedBy,
  }));

describe("status from the paid-to date", () => {
  it("paid to today or later: ACTIVE, one history row from null effective start_date", async () => {
    const start = dateFromToday(-100);
    const policy = await imported({ start_date: start, paid_to_date: today });
    expect(policy).toMatchObject({ status: "ACTIVE", paid_to_date: today, lapsed_on: null, grace_ends_on: null });
    expect(await moves(policy.id)).toEqual([
      { from: null, to: "ACTIVE", reason: "imported", effective: start, by: admin.user.id },
    ]);
    const audit = await expectAuditRow("POLICY_IMPORTED", policy.id);
    expect(audit.details).toMatchObject({ status: "ACTIVE", premium: "priced", beneficiaries: 1 });
  });

  it("paid to yesterday, within the grace period: IN_ARREARS, moved effective paid_to_date + 1", async () => {
    const start = dateFromToday(-100);
    const paid = dateFromToday(-1);
    const policy = await imported({ start_date: start, paid_to_date: paid });
    expect(policy).toMatchObject({ status: "IN_ARREARS", grace_ends_on: addDays(paid, 30), lapsed_on: null });
    expect(await moves(policy.id)).toEqual([
      { from: null, to: "ACTIVE", reason: "imported", effective: start, by: admin.user.id },
      {
        from: "ACTIVE",
        to: "IN_ARREARS",
        reason: `imported: in arrears, paid to ${paid}`,
        effective: today,
        by: admin.user.id,
      },
    ]);
  });

  it("on the last day of grace (today = paid_to_date + 30): still IN_ARREARS", async () => {
    const policy = await imported({ paid_to_date: dateFromToday(-30) });
    expect(policy.status).toBe("IN_ARREARS");
    expect(policy.grace_ends_on).toBe(today);
  });

  it("beyond the grace period: LAPSED, lapsed_on = paid_to_date + grace + 1, three history rows", async () => {
    const start = dateFromToday(-200);
    const paid = dateFromToday(-31);
    const policy = await imported({ start_date: start, paid_to_date: paid });
    expect(policy).toMatchObject({ status: "LAPSED", lapsed_on: today, reinstatable_until: addDays(today, 90) });
    expect(await moves(policy.id)).toEqual([
      { from: null, to: "ACTIVE", reason: "imported", effective: start, by: admin.user.id },
      {
        from: "ACTIVE",
        to: "IN_ARREARS",
        reason: `imported: in arrears, paid to ${paid}`,
        effective: addDays(paid, 1),
        by: admin.user.id,
      },
      {
        from: "IN_ARREARS",
        to: "LAPSED",
        reason: `imported: grace period ended on ${addDays(paid, 30)}`,
        effective: today,
        by: admin.user.id,
      },
    ]);
  });

  it("lapsed long ago: lapsed_on is the day after the grace period ended", async () => {
    const paid = dateFromToday(-120);
    const policy = await imported({ start_date: dateFromToday(-300), paid_to_date: paid });
    expect(policy.status).toBe("LAPSED");
    expect(policy.lapsed_on).toBe(addDays(paid, 31));
  });

  it("nothing paid, start_date + not_taken_up_days not yet past: PENDING_PAYMENT", async () => {
    const start = dateFromToday(-30);
    const policy = await imported({ start_date: start });
    expect(policy).toMatchObject({ status: "PENDING_PAYMENT", paid_to_date: null, next_due_date: start });
    expect(await moves(policy.id)).toEqual([
      { from: null, to: "PENDING_PAYMENT", reason: "imported", effective: start, by: admin.user.id },
    ]);
  });

  it("nothing paid, start_date + not_taken_up_days past: NOT_TAKEN_UP", async () => {
    const start = dateFromToday(-31);
    const policy = await imported({ start_date: start });
    expect(policy.status).toBe("NOT_TAKEN_UP");
    expect(await moves(policy.id)).toEqual([
      { from: null, to: "NOT_TAKEN_UP", reason: "imported", effective: start, by: admin.user.id },
    ]);
  });

  it("records the imported paid-to date as an opening ADJUSTMENT of 0.00, and none when nothing was paid", async () => {
    const db = await getDb();
    const paid = dateFromToday(5);
    const policy = await imported({ paid_to_date: paid });
    const entries = await db.select().from(policyAccountEntries).where(eq(policyAccountEntries.policyId, policy.id));
    expect(entries.map((entry) => [entry.kind, entry.amount, entry.reference, entry.entryDate])).toEqual([
      ["ADJUSTMENT", "0.00", `opening balance: paid to ${paid} (imported)`, today],
    ]);
    const unpaid = await imported();
    expect(await db.select().from(policyAccountEntries).where(eq(policyAccountEntries.policyId, unpaid.id))).toEqual(
      [],
    );
  });
});

describe("term", () => {
  it("a start 3 years ago is in its 4th term, starting on the 3rd anniversary", async () => {
    const anniversary = dateFromToday(-10);
    const start = yearsBefore(anniversary, 3);
    const policy = await imported({ start_date: start, paid_to_date: dateFromToday(20) });
    expect(policy).toMatchObject({
      start_date: start,
      term_number: 4,
      term_start_date: anniversary,
      end_date: endOfYearOfCover(anniversary),
    });
    const db = await getDb();
    const terms = await db.select().from(policyTerms).where(eq(policyTerms.policyId, policy.id));
    expect(terms).toHaveLength(1);
    expect(terms[0]).toMatchObject({
      termNumber: 4,
      startDate: anniversary,
      endDate: endOfYearOfCover(anniversary),
      premium: policy.final_price,
      planVersionId: versionId,
    });
    expect(terms[0].lives).toEqual([
      { beneficiary_id: policy.beneficiaries[0].id, age: policy.beneficiaries[0].age_at_term_start, price: "25.00" },
    ]);
  });

  it("a start today is in its first term", async () => {
    const policy = await imported({ start_date: today });
    expect(policy).toMatchObject({ term_number: 1, term_start_date: today, end_date: endOfYearOfCover(today) });
  });
});

describe("premium", () => {
  it("given: final_price is the premium, split evenly over the lives, and auto_renew is kept", async () => {
    const policy = await imported({
      premium: "30.01",
      auto_renew: false,
      beneficiaries: [person(), person({ first_name: "Luis", kinship_type: "SPOUSE", date_of_birth: "1950-01-01" })],
    });
    expect(policy.final_price).toBe("30.01");
    expect(policy.auto_renew).toBe(false);
    expect(policy.beneficiaries.map((life: { price: string }) => life.price)).toEqual(["15.01", "15.00"]);
    expect((await expectAuditRow("POLICY_IMPORTED", policy.id)).details).toMatchObject({ premium: "given" });
  });

  it("not given: each life priced at its age at the current term start, above max_entry_age too", async () => {
    const termStart = dateFromToday(-10);
    const policy = await imported({
      start_date: yearsBefore(termStart, 2),
      beneficiaries: [
        person({ date_of_birth: yearsBefore(termStart, 40) }),
        person({ first_name: "Eva", kinship_type: "SPOUSE", date_of_birth: yearsBefore(termStart, 65) }),
        person({ first_name: "Rosa", kinship_type: "PARENT", date_of_birth: yearsBefore(termStart, 85) }),
      ],
    });
    expect(policy.auto_renew).toBe(true);
    expect(
      policy.beneficiaries.map((life: { age_at_term_start: number; price: string }) => [
        life.age_at_term_start,
        life.price,
      ]),
    ).toEqual([
      [40, "25.00"],
      [65, "37.50"],
      [85, "25.00"],
    ]);
    expect(policy.final_price).toBe("87.50");
  });

  it("refuses a premium of 0 (422)", async () => {
    const response = await importPolicy(importBody({ premium: "0" }));
    expect(response.status).toBe(422);
    expect(response.body.errors[0].path).toBe("premium");
  });

  it("must fit the version's currency: 1000.50 CLP is 422", async () => {
    vi.stubEnv("CATALOG_CURRENCIES", "CLP");
    const clp = (await createSellableVersion({ currency: "CLP", public_price: "25000", cost_price: "10000" })).version;
    const response = await importPolicy(importBody({ plan_version_id: clp.id, premium: "1000.50" }));
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([
      { path: "premium", message: "must be a whole amount of CLP", code: "not_whole_amount" },
    ]);
    expect((await importPolicy(importBody({ plan_version_id: clp.id, premium: "1000" }))).status).toBe(201);
    vi.unstubAllEnvs();
  });

  it("not given: a life in a country the version is not sold in is 422", async () => {
    const response = await importPolicy(importBody({ beneficiaries: [person({ country_of_residence: "FR" })] }));
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([
      {
        path: "beneficiaries.0.country_of_residence",
        message: "the plan is not available in FR",
        code: "not_available_in_country",
      },
    ]);
    expect(
      (await importPolicy(importBody({ premium: "20.00", beneficiaries: [person({ country_of_residence: "FR" })] })))
        .status,
    ).toBe(201);
  });
});

describe("policy number", () => {
  it("kept when given, 409 when another policy has it, a new one when not given", async () => {
    const number = `OLD-${Date.now()}`;
    expect((await imported({ policy_number: number })).policy_number).toBe(number);
    const again = await importPolicy(importBody({ policy_number: number }));
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(`policy number ${number} is taken by another policy`);
    expect((await imported()).policy_number).toMatch(new RegExp(`^POL-${today.slice(0, 4)}-\\d{6}$`));
  });
});

describe("dates", () => {
  it("cover_start_date defaults to start_date and may lie between start_date and today", async () => {
    const start = dateFromToday(-60);
    const policy = await imported({
      start_date: start,
      beneficiaries: [
        person(),
        {
          ...person({ first_name: "Sol", kinship_type: "CHILD", date_of_birth: "2020-01-01" }),
          cover_start_date: today,
        },
      ],
    });
    expect(policy.beneficiaries.map((life: { cover_start_date: string }) => life.cover_start_date)).toEqual([
      start,
      today,
    ]);
  });

  it("refuses a cover_start_date before start_date or after today (422)", async () => {
    const start = dateFromToday(-60);
    const before = await importPolicy(
      importBody({ start_date: start, beneficiaries: [{ ...person(), cover_start_date: addDays(start, -1) }] }),
    );
    expect(before.status).toBe(422);
    expect(before.body.errors).toEqual([
      { path: "beneficiaries.0.cover_start_date", message: "must not be before start_date", code: "before_start" },
    ]);
    const after = await importPolicy(
      importBody({ start_date: start, beneficiaries: [{ ...person(), cover_start_date: dateFromToday(1) }] }),
    );
    expect(after.status).toBe(422);
    expect(after.body.errors[0]).toMatchObject({ path: "beneficiaries.0.cover_start_date", code: "date_in_future" });
  });

  it("refuses a date of birth after today (422), and takes entry ages unchecked", async () => {
    const response = await importPolicy(importBody({ beneficiaries: [person({ date_of_birth: dateFromToday(1) })] }));
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([
      {
        path: "beneficiaries.0.date_of_birth",
        message: `must not be after today (${today} UTC)`,
        code: "date_in_future",
      },
    ]);
    expect((await importPolicy(importBody({ beneficiaries: [person({ date_of_birth: "1930-01-01" })] }))).status).toBe(
      201,
    );
  });

  it("refuses a start_date after today or more than 10 years ago (422); exactly 10 years is taken", async () => {
    const future = await importPolicy(importBody({ start_date: dateFromToday(1) }));
    expect(future.status).toBe(422);
    expect(future.body.errors).toEqual([
      { path: "start_date", message: `must not be after today (${today} UTC)`, code: "date_in_future" },
    ]);
    const tenYears = yearsBefore(today, 10);
    const old = await importPolicy(importBody({ start_date: addDays(tenYears, -1) }));
    expect(old.status).toBe(422);
    expect(old.body.errors).toEqual([
      { path: "start_date", message: `must be at most 10 years ago (${tenYears} or later)`, code: "too_far_back" },
    ]);
    expect((await importPolicy(importBody({ start_date: tenYears, paid_to_date: today }))).status).toBe(201);
  });

  it("refuses a paid_to_date before start_date (422)", async () => {
    const response = await importPolicy(
      importBody({ start_date: dateFromToday(-10), paid_to_date: dateFromToday(-11) }),
    );
    expect(response.status).toBe(422);
    expect(response.body.errors[0]).toMatchObject({ path: "paid_to_date", code: "before_start" });
  });

  it("lists every problem at once, a second SELF among them", async () => {
    const response = await importPolicy(
      importBody({
        start_date: dateFromToday(1),
        beneficiaries: [person(), person({ date_of_birth: dateFromToday(2) })],
      }),
    );
    expect(response.status).toBe(422);
    expect(response.body.errors.map((error: { path: string; code: string }) => [error.path, error.code])).toEqual([
      ["start_date", "date_in_future"],
      ["beneficiaries.1.date_of_birth", "date_in_future"],
      ["beneficiaries.1.kinship_type", "duplicate_kinship"],
    ]);
  });
});

describe("scope and access", () => {
  it("404 for an unknown client or plan version", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await importPolicy(importBody({ client_id: unknown }))).status).toBe(404);
    expect((await importPolicy(importBody({ plan_version_id: unknown }))).status).toBe(404);
  });

  it("404 for a client outside an API key's company", async () => {
    const company = await createTestCompany();
    const key = await createApiKey(admin, ["policies:import"], company.id);
    const response = await api("POST", "/api/v1/emission/policies/import", { apiKey: key, body: importBody() });
    expect(response.status).toBe(404);
    expect(response.body.detail).toBe("client not found");
  });

  it("403 for a seller, and for an API key without policies:import", async () => {
    const seller = await signInAs("VENDEDOR");
    const bySeller = await importPolicy(importBody(), seller.token);
    expect(bySeller.status).toBe(403);
    const key = await createApiKey(admin, ["emission:write", "emission:read"]);
    const byKey = await api("POST", "/api/v1/emission/policies/import", { apiKey: key, body: importBody() });
    expect(byKey.status).toBe(403);
  });

  it("an API key holding policies:import imports a policy of its company", async () => {
    const key = await createApiKey(admin, ["policies:import"]);
    const response = await api("POST", "/api/v1/emission/policies/import", { apiKey: key, body: importBody() });
    expect(response.status, response.text).toBe(201);
  });

  it("answers a retry with the same Idempotency-Key with the same policy, storing one", async () => {
    const headers = { "idempotency-key": `import-${Date.now()}` };
    const body = importBody();
    const first = await api("POST", "/api/v1/emission/policies/import", { token: admin.token, body, headers });
    const again = await api("POST", "/api/v1/emission/policies/import", { token: admin.token, body, headers });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
  });

  it("does not clash with GET /emission/policies/{id}", async () => {
    const policy = await imported();
    expect((await api("GET", `/api/v1/emission/policies/${policy.id}`, { token: admin.token })).status).toBe(200);
  });
});

describe("nothing stored on refusal", () => {
  it("a refused import leaves no policy with its number", async () => {
    const number = `REFUSED-${Date.now()}`;
    const refused = await importPolicy(importBody({ policy_number: number, start_date: dateFromToday(1) }));
    expect(refused.status).toBe(422);
    const db = await getDb();
    expect(await db.select().from(policies).where(eq(policies.policyNumber, number))).toEqual([]);
  });
});
