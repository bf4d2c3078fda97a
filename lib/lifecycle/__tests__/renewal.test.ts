import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { beneficiaries, policies, policyStatusHistory, policyTerms, type Beneficiary, type Policy } from "@/db/schema";
import { inTransaction } from "@/lib/context";
import { renewOrExpire } from "@/lib/lifecycle/renew-policy";
import { subscribe, withFakeStripe } from "@/lib/payments/__tests__/helpers";
import { api } from "@/test/api";
import {
  createSellableVersion,
  createTestCompany,
  expectAuditRow,
  issueTestPolicy,
  signInAs,
  systemCtx,
  testVersionInput,
  type SignedIn,
} from "@/test/fixtures";

// lifecycle.md section 5 (renewal at term end) and the auto_renew PATCH of section 2. A policy cannot be
// issued in the past, so each test issues one and then writes its first term into the past (2025-01-15
// to 2026-01-14) directly; renewOrExpire is called as the daily run calls it, in a transaction with the
// policy row locked.

const TERM_START = "2025-01-15";
const TERM_END = "2026-01-14";
const RENEWAL_START = "2026-01-15";
const RENEWAL_END = "2027-01-14";
const AS_OF = "2026-01-16";

const { fake } = withFakeStripe();

let admin: SignedIn;
let seller: SignedIn;

beforeAll(async () => {
  admin = await signInAs("ADMIN");
  seller = await signInAs("VENDEDOR");
});

/** USD 25.00 in MX, entry up to 70, renewal up to 80; +20% from 18 to 25, +50% from 60 to 80. */
function renewableVersion(overrides: Record<string, unknown> = {}) {
  return createSellableVersion({
    age_surcharges: [
      { min_age: 18, max_age: 25, percentage: "20" },
      { min_age: 60, max_age: 80, percentage: "50" },
    ],
    ...overrides,
  });
}

const SELF = { first_name: "Ana", last_name: "Pérez", kinship_type: "SELF", date_of_birth: "1985-03-01" };
const SPOUSE = { first_name: "Luis", last_name: "Pérez", kinship_type: "SPOUSE", date_of_birth: "1983-07-20" };
// 17 on the first term's first day, 18 on the second's.
const CHILD = { first_name: "Sofía", last_name: "Pérez", kinship_type: "CHILD", date_of_birth: "2008-01-10" };

/** An ACTIVE policy paid to the end of a first term that ended on TERM_END, its lives as given. */
async function endedPolicy(options: { versionId?: string; beneficiaries?: unknown[] } = {}) {
  const versionId = options.versionId ?? (await renewableVersion()).version.id;
  const issued = await issueTestPolicy(seller, { versionId, beneficiaries: options.beneficiaries ?? [SELF] });
  const db = await getDb();
  await db
    .update(policies)
    .set({
      status: "ACTIVE",
      startDate: TERM_START,
      termStartDate: TERM_START,
      endDate: TERM_END,
      paidToDate: TERM_END,
      credit: "3.00",
    })
    .where(eq(policies.id, issued.policy.id));
  await db
    .update(policyTerms)
    .set({ startDate: TERM_START, endDate: TERM_END })
    .where(eq(policyTerms.policyId, issued.policy.id));
  return { ...issued, id: issued.policy.id, lives: await livesOf(issued.policy.id) };
}

async function setPolicy(policyId: string, set: Partial<Policy>) {
  const db = await getDb();
  await db.update(policies).set(set).where(eq(policies.id, policyId));
}

async function setLife(lifeId: string, set: Partial<Beneficiary>) {
  const db = await getDb();
  await db.update(beneficiaries).set(set).where(eq(beneficiaries.id, lifeId));
}

async function policyRow(policyId: string): Promise<Policy> {
  const db = await getDb();
  const [row] = await db.select().from(policies).where(eq(policies.id, policyId));
  return row;
}

async function livesOf(policyId: string): Promise<Beneficiary[]> {
  const db = await getDb();
  return db
    .select()
    .from(beneficiaries)
    .where(eq(beneficiaries.policyId, policyId))
    .orderBy(asc(beneficiaries.position));
}

async function historyOf(policyId: string) {
  const db = await getDb();
  return db
    .select()
    .from(policyStatusHistory)
    .where(eq(policyStatusHistory.policyId, policyId))
    .orderBy(asc(policyStatusHistory.changedAt), asc(policyStatusHistory.id));
}

/** renewOrExpire as the daily run calls it: in a transaction, the policy row locked. */
async function renewOrExpireNow(policyId: string, asOf = AS_OF) {
  return inTransaction(await systemCtx(), async (tx) => {
    const [policy] = await tx.db.select().from(policies).where(eq(policies.id, policyId)).for("update");
    return renewOrExpire(tx, policy, asOf);
  });
}

function preview(policyId: string, token = seller.token) {
  return api("GET", `/api/v1/emission/policies/${policyId}/renewal-preview`, { token });
}

function patchPolicy(policyId: string, body: unknown, token = seller.token) {
  return api("PATCH", `/api/v1/emission/policies/${policyId}`, { token, body });
}

/** A new version of the product's plan, created through the catalog API as the administrator. */
async function addVersion(planId: string, overrides: Record<string, unknown>) {
  const response = await api("POST", `/api/v1/plans/${planId}/versions`, {
    token: admin.token,
    body: testVersionInput({ countries: [{ country_code: "MX" }], ...overrides }),
  });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: string };
}

async function deactivate(versionId: string) {
  const response = await api("PATCH", `/api/v1/plan-versions/${versionId}`, {
    token: admin.token,
    body: { is_active: false },
  });
  expect(response.status, response.text).toBe(200);
}

describe("renewOrExpire: renewal", () => {
  it("re-prices each life at its age on the new term's first day: a child aged into a surcharge band", async () => {
    const policy = await endedPolicy({ beneficiaries: [SELF, CHILD] });
    const [self, child] = policy.lives;
    // The first term priced the child at 17, with no surcharge.
    await setLife(child.id, { ageAtTermStart: 17, price: "25.00" });
    await setPolicy(policy.id, { finalPrice: "50.00" });
    const before = await policyRow(policy.id);
    const historyBefore = await historyOf(policy.id);

    const result = await renewOrExpireNow(policy.id);

    expect(result).toMatchObject({ outcome: "renewed", premiumBefore: "50.00", premiumAfter: "55.00", dropped: [] });
    const after = await policyRow(policy.id);
    expect(after).toMatchObject({
      status: "ACTIVE",
      termNumber: 2,
      termStartDate: RENEWAL_START,
      endDate: RENEWAL_END,
      finalPrice: "55.00",
      // What carries on into the new term.
      policyNumber: before.policyNumber,
      startDate: TERM_START,
      paidToDate: TERM_END,
      credit: "3.00",
      planVersionId: policy.versionId,
    });
    const lives = await livesOf(policy.id);
    expect(lives.find((life) => life.id === self.id)).toMatchObject({ ageAtTermStart: 40, price: "25.00" });
    expect(lives.find((life) => life.id === child.id)).toMatchObject({
      ageAtTermStart: 18,
      price: "30.00",
      coverEndDate: null,
    });
    // Renewal keeps the status: no history row.
    expect(await historyOf(policy.id)).toHaveLength(historyBefore.length);
    const audit = await expectAuditRow("POLICY_RENEWED", policy.id);
    expect(audit.details).toEqual({ term_number: 2, premium_before: "50.00", premium_after: "55.00", dropped: [] });
  });

  it("keeps a life past max_entry_age up to max_renewal_age, and drops one above it from the old end date", async () => {
    const policy = await endedPolicy({ beneficiaries: [SELF, SPOUSE] });
    const [self, spouse] = policy.lives;
    await setLife(self.id, { dateOfBirth: "1950-06-01" }); // 75 on 2026-01-15: above entry (70), within renewal (80)
    await setLife(spouse.id, { dateOfBirth: "1945-01-01" }); // 81: above max_renewal_age

    const result = await renewOrExpireNow(policy.id);

    const dropped = [
      { beneficiary_id: spouse.id, reason: "age 81 at 2026-01-15 exceeds the maximum renewal age of 80" },
    ];
    expect(result).toMatchObject({ outcome: "renewed", premiumAfter: "37.50", dropped });
    const lives = await livesOf(policy.id);
    expect(lives.find((life) => life.id === self.id)).toMatchObject({
      ageAtTermStart: 75,
      price: "37.50",
      coverEndDate: null,
    });
    expect(lives.find((life) => life.id === spouse.id)).toMatchObject({ coverEndDate: TERM_END });
    expect((await policyRow(policy.id)).finalPrice).toBe("37.50");
    const audit = await expectAuditRow("POLICY_RENEWED", policy.id);
    expect(audit.details).toMatchObject({ dropped });
  });

  it("drops a life whose country is no longer available, and leaves ended lives alone", async () => {
    const policy = await endedPolicy({ beneficiaries: [SELF, SPOUSE, CHILD] });
    const [self, spouse, child] = policy.lives;
    await setLife(spouse.id, { countryOfResidence: "CL" });
    await setLife(child.id, { deceasedFlag: true, deceasedAt: new Date(), coverEndDate: "2025-06-01" });

    const result = await renewOrExpireNow(policy.id);

    expect(result).toMatchObject({
      outcome: "renewed",
      premiumAfter: "25.00",
      dropped: [{ beneficiary_id: spouse.id, reason: "the plan is not available in CL" }],
    });
    const lives = await livesOf(policy.id);
    expect(lives.find((life) => life.id === child.id)?.coverEndDate).toBe("2025-06-01");
    expect(lives.find((life) => life.id === spouse.id)?.coverEndDate).toBe(TERM_END);
    const db = await getDb();
    const [term] = await db
      .select()
      .from(policyTerms)
      .where(and(eq(policyTerms.policyId, policy.id), eq(policyTerms.termNumber, 2)));
    expect(term.lives).toEqual([{ beneficiary_id: self.id, age: 40, price: "25.00" }]);
  });

  it("moves to the newest active version of the plan when its own is no longer active", async () => {
    const { product, version } = await renewableVersion();
    const planId = product.plans[0].id;
    const policy = await endedPolicy({ versionId: version.id });
    const newest = await addVersion(planId, { public_price: "30.00", version_label: "2026" });
    await addVersion(planId, { public_price: "99.00", is_active: false }); // newer, but not active
    await addVersion(planId, { public_price: "88.00", currency: "EUR" }); // newer, but in another currency
    await deactivate(version.id);

    const result = await renewOrExpireNow(policy.id);

    expect(result).toMatchObject({ outcome: "renewed", premiumBefore: "25.00", premiumAfter: "30.00" });
    expect(await policyRow(policy.id)).toMatchObject({ planVersionId: newest.id, finalPrice: "30.00" });
    const terms = await api("GET", `/api/v1/emission/policies/${policy.id}/terms`, { token: seller.token });
    expect(terms.body.map((term: { plan_version_id: string }) => term.plan_version_id)).toEqual([
      version.id,
      newest.id,
    ]);
  });

  it("updates the card subscription's amount at the processor, without proration", async () => {
    const policy = await endedPolicy({ beneficiaries: [SELF, CHILD] });
    const subscriptionId = await subscribe(seller.token, policy.id);
    await setPolicy(policy.id, { status: "ACTIVE" });

    await renewOrExpireNow(policy.id);

    const [item] = fake().subscriptions.get(subscriptionId)!.items.data;
    expect(item.price.unit_amount).toBe(5500);
    expect(item.price.currency).toBe("usd");
    expect(item.price.recurring?.interval).toBe("month");
    const update = fake().requests.find(
      (request) =>
        request.method === "POST" &&
        request.path === `/v1/subscriptions/${subscriptionId}` &&
        request.body?.proration_behavior === "none",
    );
    expect(update).toBeDefined();
  });
});

describe("renewOrExpire: expiry", () => {
  async function expectExpired(policyId: string, reason: string) {
    const result = await renewOrExpireNow(policyId);
    expect(result).toMatchObject({ outcome: "expired", reason });
    expect(await policyRow(policyId)).toMatchObject({ status: "EXPIRED", termNumber: 1, endDate: TERM_END });
    const last = (await historyOf(policyId)).at(-1)!;
    expect(last).toMatchObject({
      fromStatus: "ACTIVE",
      toStatus: "EXPIRED",
      effectiveDate: RENEWAL_START,
      reason: `term ended on ${TERM_END}: ${reason}`,
    });
  }

  it("expires a policy whose version is not renewable", async () => {
    const { version } = await renewableVersion({ is_renewable: false });
    const policy = await endedPolicy({ versionId: version.id });
    await expectExpired(policy.id, "the policy's plan version is not renewable");
  });

  it("expires a policy with auto_renew off", async () => {
    const policy = await endedPolicy();
    expect((await patchPolicy(policy.id, { auto_renew: false })).status).toBe(200);
    await expectExpired(policy.id, "auto_renew is off");
  });

  it("expires a policy with a cancellation set", async () => {
    const policy = await endedPolicy();
    await setPolicy(policy.id, { cancelAt: TERM_END });
    await expectExpired(policy.id, `the policy is to be cancelled after ${TERM_END}`);
  });

  it("expires a policy when its plan has no active version left", async () => {
    const { version } = await renewableVersion();
    const policy = await endedPolicy({ versionId: version.id });
    await deactivate(version.id);
    await expectExpired(policy.id, "no active version to renew on");
  });

  it("expires a policy when no life remains", async () => {
    const policy = await endedPolicy({ beneficiaries: [SELF] });
    await setLife(policy.lives[0].id, { dateOfBirth: "1940-01-01" });
    await expectExpired(
      policy.id,
      "no life would remain covered: Ana Pérez: age 86 at 2026-01-15 exceeds the maximum renewal age of 80",
    );
    // An expired policy keeps its lives as they were.
    expect((await livesOf(policy.id))[0].coverEndDate).toBeNull();
  });

  it("ends the card subscription of a policy that expires", async () => {
    const policy = await endedPolicy();
    const subscriptionId = await subscribe(seller.token, policy.id);
    await setPolicy(policy.id, { status: "ACTIVE", autoRenew: false });
    await renewOrExpireNow(policy.id);
    expect(fake().subscriptions.get(subscriptionId)!.status).toBe("canceled");
  });
});

describe("GET /emission/policies/{id}/renewal-preview", () => {
  it("shows what the renewal then does", async () => {
    const policy = await endedPolicy({ beneficiaries: [SELF, SPOUSE, CHILD] });
    const [self, spouse, child] = policy.lives;
    await setLife(spouse.id, { dateOfBirth: "1944-12-31" });

    const shown = await preview(policy.id);
    expect(shown.status, shown.text).toBe(200);
    expect(shown.body).toEqual({
      term_start_date: RENEWAL_START,
      plan_version_id: policy.versionId,
      premium: "55.00",
      lives: [
        { beneficiary_id: self.id, age: 40, price: "25.00" },
        { beneficiary_id: child.id, age: 18, price: "30.00" },
      ],
      dropped: [{ beneficiary_id: spouse.id, reason: "age 81 at 2026-01-15 exceeds the maximum renewal age of 80" }],
    });

    await renewOrExpireNow(policy.id);
    const renewed = await api("GET", `/api/v1/emission/policies/${policy.id}`, { token: seller.token });
    expect(renewed.body).toMatchObject({
      term_start_date: shown.body.term_start_date,
      plan_version_id: shown.body.plan_version_id,
      final_price: shown.body.premium,
    });
    const covered = renewed.body.beneficiaries
      .filter((life: { cover_end_date: string | null }) => life.cover_end_date === null)
      .map((life: { id: string; age_at_term_start: number; price: string }) => ({
        beneficiary_id: life.id,
        age: life.age_at_term_start,
        price: life.price,
      }));
    expect(covered).toEqual(shown.body.lives);
  });

  it("answers 409 saying why a policy will not renew", async () => {
    const issued = await issueTestPolicy(seller, { versionId: (await renewableVersion()).version.id });
    const pending = await preview(issued.policy.id);
    expect(pending.status).toBe(409);
    expect(pending.body).toMatchObject({
      detail: `policy ${issued.policy.policy_number} will not renew: the policy is PENDING_PAYMENT: only a policy ACTIVE or IN_ARREARS renews`,
      code: "not_in_force",
    });

    const { version: fixed } = await renewableVersion({ is_renewable: false });
    const notRenewable = await endedPolicy({ versionId: fixed.id });
    expect((await preview(notRenewable.id)).body).toMatchObject({
      detail: `policy ${notRenewable.policy.policy_number} will not renew: the policy's plan version is not renewable`,
      code: "not_renewable",
    });

    const policy = await endedPolicy();
    const willNot = async () => {
      const response = await preview(policy.id);
      expect(response.status).toBe(409);
      return response.body;
    };
    await setPolicy(policy.id, { autoRenew: false });
    expect(await willNot()).toMatchObject({
      detail: expect.stringMatching(/auto_renew is off$/),
      code: "auto_renew_off",
    });
    await setPolicy(policy.id, { autoRenew: true, cancelAt: "2025-12-31" });
    expect(await willNot()).toMatchObject({
      detail: expect.stringMatching(/the policy is to be cancelled after 2025-12-31$/),
      code: "cancellation_pending",
    });
    await setPolicy(policy.id, { cancelAt: null });
    await setLife(policy.lives[0].id, { coverEndDate: "2025-05-01" });
    expect(await willNot()).toMatchObject({ code: "no_life_left" });
    await setLife(policy.lives[0].id, { coverEndDate: null });
    await deactivate(policy.versionId);
    expect(await willNot()).toMatchObject({
      detail: expect.stringMatching(/no active version to renew on$/),
      code: "no_active_version",
    });
  });

  it("is shown to who may read the policy, and to nobody else", async () => {
    const policy = await endedPolicy();
    expect((await preview(policy.id, admin.token)).status).toBe(200);
    const company = await createTestCompany();
    const outsider = await signInAs("VENDEDOR", { companyId: company.id });
    expect((await preview(policy.id, outsider.token)).status).toBe(404);
    expect((await api("GET", `/api/v1/emission/policies/${policy.id}/terms`, { token: outsider.token })).status).toBe(
      404,
    );
  });
});

describe("GET /emission/policies/{id}/terms", () => {
  it("lists every term, oldest first", async () => {
    const policy = await endedPolicy({ beneficiaries: [SELF, CHILD] });
    const [self, child] = policy.lives;
    const before = await api("GET", `/api/v1/emission/policies/${policy.id}/terms`, { token: seller.token });
    expect(before.status, before.text).toBe(200);
    expect(before.body).toHaveLength(1);

    await renewOrExpireNow(policy.id);

    const terms = await api("GET", `/api/v1/emission/policies/${policy.id}/terms`, { token: seller.token });
    expect(terms.status).toBe(200);
    expect(terms.body).toEqual([
      { ...before.body[0], term_number: 1, start_date: TERM_START, end_date: TERM_END },
      {
        term_number: 2,
        start_date: RENEWAL_START,
        end_date: RENEWAL_END,
        plan_version_id: policy.versionId,
        premium: "55.00",
        lives: [
          { beneficiary_id: self.id, age: 40, price: "25.00" },
          { beneficiary_id: child.id, age: 18, price: "30.00" },
        ],
      },
    ]);
  });
});

describe("PATCH /emission/policies/{id}", () => {
  it("switches auto_renew and audits it", async () => {
    const policy = await endedPolicy();
    const off = await patchPolicy(policy.id, { auto_renew: false });
    expect(off.status, off.text).toBe(200);
    expect(off.body).toMatchObject({ id: policy.id, auto_renew: false, status: "ACTIVE" });
    const audit = await expectAuditRow("POLICY_UPDATED", policy.id);
    expect(audit.details).toEqual({ auto_renew: { from: true, to: false } });
    const on = await patchPolicy(policy.id, { auto_renew: true });
    expect(on.body.auto_renew).toBe(true);
    expect((await policyRow(policy.id)).autoRenew).toBe(true);
  });

  it("answers 422 for a body other than {auto_renew: boolean}", async () => {
    const policy = await endedPolicy();
    for (const body of [{}, { auto_renew: "no" }, { auto_renew: true, end_date: "2030-01-01" }]) {
      const response = await patchPolicy(policy.id, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
    }
    expect((await policyRow(policy.id)).autoRenew).toBe(true);
  });

  it("answers 404 outside the caller's scope, 403 without emission:write, 409 once the policy has ended", async () => {
    const policy = await endedPolicy();
    const company = await createTestCompany();
    const outsider = await signInAs("VENDEDOR", { companyId: company.id });
    expect((await patchPolicy(policy.id, { auto_renew: false }, outsider.token)).status).toBe(404);
    expect((await patchPolicy("00000000-0000-4000-8000-000000000000", { auto_renew: false })).status).toBe(404);
    const client = await signInAs("CLIENTE");
    expect((await patchPolicy(policy.id, { auto_renew: false }, client.token)).status).toBe(403);

    await setPolicy(policy.id, { status: "EXPIRED" });
    const ended = await patchPolicy(policy.id, { auto_renew: false });
    expect(ended.status).toBe(409);
    expect(ended.body.detail).toBe(`policy ${policy.policy.policy_number} is EXPIRED: it will not renew in any case`);
  });
});
