import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import type { PolicyStatus } from "@/db/enums";
import { beneficiaries, claims, policies, policyStatusHistory } from "@/db/schema";
import { api } from "@/test/api";
import { dateFromToday, expectAuditRow, signInAs, type SignedIn } from "@/test/fixtures";
import { activePolicy, moveClaim, type Body, type IssuedPolicy } from "./claim-fixtures";

// claims-cover.md section 1 through the API: the facts of the death on POST /claims/ and PATCH
// /claims/{id}, and the claim mark-deceased opens. A policy's past (start, paid-to date, lapse) is
// written into its rows: no API moves a policy's start into the past, and a run would need many days.

/**
 * An ACTIVE policy given a past: it started `startDaysAgo` days ago (its lives covered from then), is
 * paid to today + `paidTo` days, has `status` and, after its first move to ACTIVE on the start, these
 * moves (days from today). The test version's grace period is 30 days.
 */
async function policyWithPast(
  seller: SignedIn,
  admin: SignedIn,
  past: { startDaysAgo: number; paidTo: number; status: PolicyStatus; moves?: { to: PolicyStatus; day: number }[] },
): Promise<IssuedPolicy> {
  const policy = await activePolicy(seller, admin);
  const db = await getDb();
  const startDate = dateFromToday(-past.startDaysAgo);
  await db
    .update(policies)
    .set({ startDate, paidToDate: dateFromToday(past.paidTo), status: past.status })
    .where(eq(policies.id, policy.id));
  await db.update(beneficiaries).set({ coverStartDate: startDate }).where(eq(beneficiaries.policyId, policy.id));
  await db.delete(policyStatusHistory).where(eq(policyStatusHistory.policyId, policy.id));
  const moves = [{ to: "ACTIVE" as PolicyStatus, day: -past.startDaysAgo }, ...(past.moves ?? [])];
  let from: PolicyStatus | null = null;
  for (const [index, move] of moves.entries()) {
    await db.insert(policyStatusHistory).values({
      policyId: policy.id,
      fromStatus: from,
      toStatus: move.to,
      changedBy: "test",
      reason: "test: the policy's past",
      changedAt: new Date(Date.now() - (moves.length - index) * 1000),
      effectiveDate: dateFromToday(move.day),
    });
    from = move.to;
  }
  return { ...policy, status: past.status, start_date: startDate };
}

/** Paid to 60 days ago, lapsed when the 30 days of grace ran out 30 days ago. */
function lapsedPolicy(seller: SignedIn, admin: SignedIn) {
  return policyWithPast(seller, admin, {
    startDaysAgo: 120,
    paidTo: -60,
    status: "LAPSED",
    moves: [
      { to: "IN_ARREARS", day: -59 },
      { to: "LAPSED", day: -29 },
    ],
  });
}

function report(caller: SignedIn, policy: IssuedPolicy, facts: Record<string, unknown> = {}, index = 0) {
  return api("POST", "/api/v1/claims/", {
    token: caller.token,
    body: {
      policy_id: policy.id,
      beneficiary_id: policy.beneficiaries[index].id,
      description: "The family called the desk",
      ...facts,
    },
  });
}

async function reported(caller: SignedIn, policy: IssuedPolicy, facts: Record<string, unknown> = {}, index = 0) {
  const response = await report(caller, policy, facts, index);
  expect(response.status, response.text).toBe(201);
  return response.body as Body;
}

function patch(caller: SignedIn, claimId: string, body: Record<string, unknown>) {
  return api("PATCH", `/api/v1/claims/${claimId}`, { token: caller.token, body });
}

const codes = (requirements: Array<{ code: string }>) => requirements.map((item) => item.code);
const BASE = ["DEATH_CERTIFICATE", "ID_OF_DECEASED", "CLAIM_FORM", "FUNERAL_HOME_INVOICE"];
const REPATRIATION = ["EMBALMING_CERTIFICATE", "TRANSIT_PERMIT", "CONSULAR_AUTHORIZATION", "AIR_WAYBILL"];

describe("POST /claims/ with the facts of the death", () => {
  it("refuses a date of death after today (422 date_of_death_in_future) or before the life's birth (422 date_of_death_before_birth)", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const policy = await activePolicy(seller, admin);
    const future = await report(seller, policy, { date_of_death: dateFromToday(1) });
    expect(future.status).toBe(422);
    expect(future.body.errors).toEqual([
      { path: "date_of_death", message: expect.any(String), code: "date_of_death_in_future" },
    ]);
    // Ana was born on 1985-03-01.
    const unborn = await report(seller, policy, { date_of_death: "1985-02-28" });
    expect(unborn.status).toBe(422);
    expect(unborn.body.errors).toEqual([
      { path: "date_of_death", message: expect.stringContaining("1985-03-01"), code: "date_of_death_before_birth" },
    ]);
    const list = await api("GET", `/api/v1/claims?policy_id=${policy.id}`, { token: admin.token });
    expect(list.body.total).toBe(0);
    // Today and the day of birth are within bounds.
    expect((await report(seller, policy, { date_of_death: dateFromToday(0) })).status).toBe(201);
  });

  it("without a date, accepts an ACTIVE policy and an IN_ARREARS one within its grace (201)", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const active = await activePolicy(seller, admin);
    expect((await reported(seller, active)).eligibility).toBeNull();
    const arrears = await policyWithPast(seller, admin, {
      startDaysAgo: 60,
      paidTo: -5,
      status: "IN_ARREARS",
      moves: [{ to: "IN_ARREARS", day: -4 }],
    });
    const claim = await reported(seller, arrears);
    expect(claim).toMatchObject({ status: "PENDING", date_of_death: null, eligibility: null });
    // A death in the grace period, of a cause without waiting, is covered.
    const dated = await reported(seller, arrears, { date_of_death: dateFromToday(-2), cause_of_death: "ACCIDENT" });
    expect(dated.eligibility).toMatchObject({
      covered: true,
      in_force_on_date_of_death: true,
      in_grace_period: true,
      reasons: [],
    });
  });

  it('without a date, refuses a LAPSED policy: 422 "policy is not active" (policy_not_active)', async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const policy = await lapsedPolicy(seller, admin);
    const response = await report(seller, policy);
    expect(response.status).toBe(422);
    expect(response.body.detail).toBe("policy is not active");
    expect(response.body.errors).toEqual([
      { path: "policy_id", message: expect.any(String), code: "policy_not_active" },
    ]);
  });

  it('with a date, accepts a death while covered reported after the lapse (201), and refuses one after it: 422 "policy was not in force on <date>"', async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const policy = await lapsedPolicy(seller, admin);
    // 45 days ago: after the paid-to date, within the grace, before the lapse.
    const whileCovered = await reported(seller, policy, {
      date_of_death: dateFromToday(-45),
      cause_of_death: "ACCIDENT",
    });
    expect(whileCovered.eligibility).toMatchObject({
      covered: true,
      in_force_on_date_of_death: true,
      in_grace_period: true,
    });
    const late = dateFromToday(-10);
    const response = await report(seller, policy, { date_of_death: late });
    expect(response.status).toBe(422);
    expect(response.body.detail).toBe(`policy was not in force on ${late}`);
    expect(response.body.errors).toEqual([
      { path: "date_of_death", message: expect.any(String), code: "policy_not_in_force" },
    ]);
  });

  it("opens the claim of a life not covered that day (201) with life_covered_on_date_of_death false and covered false", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const policy = await policyWithPast(seller, admin, { startDaysAgo: 300, paidTo: 20, status: "ACTIVE" });
    // Luis was removed from the policy 20 days ago.
    const db = await getDb();
    await db
      .update(beneficiaries)
      .set({ coverEndDate: dateFromToday(-20) })
      .where(eq(beneficiaries.id, policy.beneficiaries[1].id));
    const claim = await reported(seller, policy, { date_of_death: dateFromToday(-10), cause_of_death: "NATURAL" }, 1);
    expect(claim.eligibility).toMatchObject({
      covered: false,
      in_force_on_date_of_death: true,
      life_covered_on_date_of_death: false,
      reason_codes: ["life_cover_ended"],
    });
    expect(claim.eligibility.reasons[0]).toContain(dateFromToday(-20));
    expect(claim.waiting_period_met).toBe(claim.eligibility.waiting_period.met);
  });

  it("sends the body to the life's country of residence, else the client's, unless the report names one", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const policy = await activePolicy(seller, admin);
    // The test client lives in MX; Ana has no country of her own.
    expect((await reported(seller, policy)).repatriation_to_country).toBe("MX");
    const db = await getDb();
    await db
      .update(beneficiaries)
      .set({ countryOfResidence: "GT" })
      .where(eq(beneficiaries.id, policy.beneficiaries[1].id));
    const own = await reported(seller, policy, {}, 1);
    expect(own.repatriation_to_country).toBe("GT");
    const named = await reported(seller, policy, { repatriation_to_country: "US", place_of_death_country: "ES" }, 1);
    expect(named).toMatchObject({ repatriation_to_country: "US", place_of_death_country: "ES" });
    expect(codes(named.requirements)).toEqual([...BASE, ...REPATRIATION]);
  });
});

describe("PATCH /claims/{id}", () => {
  it("recomputes the eligibility: a cause found later ends the stricter waiting period (200, audited CLAIM_UPDATED)", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    // 90 days of cover: within the 180 days of preexisting conditions, past the 0 days of a natural death.
    const policy = await policyWithPast(seller, admin, { startDaysAgo: 90, paidTo: 20, status: "ACTIVE" });
    const claim = await reported(seller, policy, { date_of_death: dateFromToday(-3) });
    expect(claim.eligibility.waiting_period).toMatchObject({ cause: "UNDETERMINED", days: 180, met: false });
    expect(claim.eligibility.reason_codes).toEqual(["waiting_period_not_met"]);
    expect(claim.waiting_period_met).toBe(false);

    const response = await patch(seller, claim.id, { cause_of_death: "NATURAL", description: "  Heart attack  " });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ cause_of_death: "NATURAL", description: "Heart attack" });
    expect(response.body.eligibility).toMatchObject({ covered: true, reasons: [] });
    expect(response.body.eligibility.waiting_period).toMatchObject({ cause: "NATURAL", days: 0, met: true });
    expect(response.body.waiting_period_met).toBe(true);
    const audit = await expectAuditRow("CLAIM_UPDATED", claim.id);
    expect(audit.details).toEqual({
      changes: {
        cause_of_death: { from: "UNDETERMINED", to: "NATURAL" },
        description: { from: "The family called the desk", to: "Heart attack" },
      },
    });
    const read = await api("GET", `/api/v1/claims/${claim.id}`, { token: seller.token });
    expect(read.body).toEqual(response.body);
  });

  it("never refuses for cover: a date of death moved after the lapse is accepted and says why it is not covered", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const policy = await lapsedPolicy(seller, admin);
    const claim = await reported(seller, policy, { date_of_death: dateFromToday(-45) });
    const response = await patch(seller, claim.id, { date_of_death: dateFromToday(-10) });
    expect(response.status, response.text).toBe(200);
    expect(response.body.date_of_death).toBe(dateFromToday(-10));
    expect(response.body.eligibility).toMatchObject({ covered: false, in_force_on_date_of_death: false });
    expect(response.body.eligibility.reason_codes).toEqual(
      expect.arrayContaining(["premium_unpaid_beyond_grace", "policy_ended"]),
    );
    // A date given to a claim that had none.
    const undated = await reported(seller, await activePolicy(seller, admin));
    const dated = await patch(seller, undated.id, { date_of_death: dateFromToday(0) });
    expect(dated.status).toBe(200);
    expect(dated.body.eligibility).not.toBeNull();
    expect(dated.body.waiting_period_met).toBe(dated.body.eligibility.waiting_period.met);
  });

  it("validates the dates as on creation (422), and an empty body (422)", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const claim = await reported(seller, await activePolicy(seller, admin));
    const future = await patch(seller, claim.id, { date_of_death: dateFromToday(1) });
    expect(future.status).toBe(422);
    expect(future.body.errors).toEqual([
      expect.objectContaining({ path: "date_of_death", code: "date_of_death_in_future" }),
    ]);
    const unborn = await patch(seller, claim.id, { date_of_death: "1985-02-28" });
    expect(unborn.status).toBe(422);
    expect(unborn.body.errors).toEqual([
      expect.objectContaining({ path: "date_of_death", code: "date_of_death_before_birth" }),
    ]);
    const empty = await patch(seller, claim.id, {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual([
      expect.objectContaining({ path: "", message: "give at least one field to change", code: "no_changes" }),
    ]);
    const malformed = await patch(seller, claim.id, { cause_of_death: "OLD_AGE", place_of_death_country: "Spain" });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors.map((error: { path: string }) => error.path).sort()).toEqual([
      "cause_of_death",
      "place_of_death_country",
    ]);
    const read = await api("GET", `/api/v1/claims/${claim.id}`, { token: seller.token });
    expect(read.body.date_of_death).toBeNull();
    expect((await patch(seller, randomUUID(), { cause_of_death: "NATURAL" })).status).toBe(404);
  });

  it("answers 409 on a REJECTED or CLOSED claim", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const policy = await activePolicy(seller, admin);
    const rejected = await reported(seller, policy);
    expect((await moveClaim(admin, rejected.id, "REJECTED", "not a member")).status).toBe(200);
    const refused = await patch(seller, rejected.id, { cause_of_death: "NATURAL" });
    expect(refused.status).toBe(409);
    // Closing needs an approval and payouts; the row is closed by hand.
    const closed = await reported(seller, policy);
    await (await getDb()).update(claims).set({ status: "CLOSED" }).where(eq(claims.id, closed.id));
    expect((await patch(seller, closed.id, { cause_of_death: "NATURAL" })).status).toBe(409);
  });

  it("refreshes the checklist when the places change: repatriation items come and go while MISSING", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const claim = await reported(seller, await activePolicy(seller, admin));
    expect(codes(claim.requirements)).toEqual(BASE);
    const abroad = await patch(seller, claim.id, { place_of_death_country: "ES" });
    expect(abroad.status).toBe(200);
    expect(abroad.body).toMatchObject({ place_of_death_country: "ES", repatriation_to_country: "MX" });
    expect(codes(abroad.body.requirements)).toEqual([...BASE, ...REPATRIATION]);
    const home = await patch(seller, claim.id, { repatriation_to_country: "ES" });
    expect(codes(home.body.requirements)).toEqual(BASE);
  });

  it("refuses a client (403) and a caller without credentials (401)", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const claim = await reported(seller, await activePolicy(seller, admin));
    const client = await signInAs("CLIENTE");
    expect((await patch(client, claim.id, { cause_of_death: "NATURAL" })).status).toBe(403);
    const anonymous = await api("PATCH", `/api/v1/claims/${claim.id}`, { body: { cause_of_death: "NATURAL" } });
    expect(anonymous.status).toBe(401);
  });
});

describe("mark-deceased's claim", () => {
  it("is dated the day it was marked, cause UNDETERMINED, bound for the client's country", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const policy = await activePolicy(seller, admin);
    const marked = await api("POST", `/api/v1/emission/beneficiaries/${policy.beneficiaries[1].id}/mark-deceased`, {
      token: admin.token,
    });
    expect(marked.status, marked.text).toBe(200);
    const claim = await api("GET", `/api/v1/claims/${marked.body.claim_id}`, { token: seller.token });
    expect(claim.body).toMatchObject({
      date_of_death: dateFromToday(0),
      cause_of_death: "UNDETERMINED",
      place_of_death_country: null,
      repatriation_to_country: "MX",
    });
    expect(claim.body.eligibility).toMatchObject({
      in_force_on_date_of_death: true,
      life_covered_on_date_of_death: true,
    });
    expect(claim.body.waiting_period_met).toBe(claim.body.eligibility.waiting_period.met);
  });

  it("opens the claim even when the policy is not in force that day, and says why", async () => {
    const admin = await signInAs("ADMIN");
    const seller = await signInAs("VENDEDOR");
    const policy = await lapsedPolicy(seller, admin);
    const marked = await api("POST", `/api/v1/emission/beneficiaries/${policy.beneficiaries[0].id}/mark-deceased`, {
      token: admin.token,
    });
    expect(marked.status, marked.text).toBe(200);
    const claim = await api("GET", `/api/v1/claims/${marked.body.claim_id}`, { token: seller.token });
    expect(claim.body.date_of_death).toBe(dateFromToday(0));
    expect(claim.body.eligibility).toMatchObject({ covered: false, in_force_on_date_of_death: false });
    expect(claim.body.eligibility.reason_codes).toContain("policy_ended");
  });
});
