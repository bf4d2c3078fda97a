import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { planVersions, policies, policyStatusHistory, transactions, type Policy } from "@/db/schema";
import { addDays, monthEnd } from "@/lib/emission/premium-dates";
import { api } from "@/test/api";
import {
  createTestCompany,
  dateFromToday,
  expectAuditRow,
  issueTestPolicy,
  signInAs,
  type SignedIn,
} from "@/test/fixtures";

// lifecycle.md sections 3 and 6 through POST /payments/manual and GET /emission/policies/{id}/account:
// credit, premiums taken month by month, the paid-to date, and the moves they earn. Policies in arrears or
// lapsed are built by writing their columns (no call makes a past start date).

let admin: SignedIn;
let seller: SignedIn;
const today = dateFromToday(0);

beforeAll(async () => {
  vi.stubEnv("STRIPE_SECRET_KEY", undefined);
  [admin, seller] = await Promise.all([signInAs("ADMIN"), signInAs("VENDEDOR")]);
});

function pay(policyId: string, amount: string, extra: Record<string, unknown> = {}) {
  return api("POST", "/api/v1/payments/manual", {
    token: admin.token,
    body: { policy_id: policyId, amount, ...extra },
  });
}

function account(policyId: string, token = seller.token) {
  return api("GET", `/api/v1/emission/policies/${policyId}/account`, { token });
}

async function setPolicy(policyId: string, state: Partial<Policy>) {
  await (await getDb()).update(policies).set(state).where(eq(policies.id, policyId));
}

async function history(policyId: string) {
  return (await getDb())
    .select()
    .from(policyStatusHistory)
    .where(eq(policyStatusHistory.policyId, policyId))
    .orderBy(policyStatusHistory.changedAt);
}

async function transactionCount(policyId: string) {
  return (await (await getDb()).select().from(transactions).where(eq(transactions.policyId, policyId))).length;
}

/**
 * A policy started 70 days ago, paid for its first month only: its second and third months have begun,
 * so two premiums (50.00) are due. Put in `status` with `extra` columns.
 */
async function behindPolicy(status: Policy["status"], extra: Partial<Policy> = {}) {
  const issued = await issueTestPolicy(seller);
  const start = dateFromToday(-70);
  await setPolicy(issued.policy.id, {
    status,
    startDate: start,
    termStartDate: start,
    paidToDate: monthEnd(start, 1),
    ...extra,
  });
  return { ...issued, start };
}

describe("GET /emission/policies/{id}/account", () => {
  it("answers a new policy's account: nothing paid, nothing due before the start, no entries", async () => {
    const { policy } = await issueTestPolicy(seller);
    const response = await account(policy.id);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      currency: "USD",
      premium: "25.00",
      paid_to_date: null,
      next_due_date: dateFromToday(1),
      credit: "0.00",
      arrears_amount: "0.00",
      grace_ends_on: null,
      entries: [],
    });
  });

  it("serves the policy's own client and answers 404 to another client, another company's seller and an unknown id", async () => {
    const { policy, client } = await issueTestPolicy(seller);
    const company = await createTestCompany();
    const [holder, otherClient, outsider] = await Promise.all([
      signInAs("CLIENTE", { email: client.email }),
      signInAs("CLIENTE"),
      signInAs("VENDEDOR", { companyId: company.id }),
    ]);
    expect((await account(policy.id, holder.token)).status).toBe(200);
    expect((await account(policy.id, otherClient.token)).status).toBe(404);
    expect((await account(policy.id, outsider.token)).status).toBe(404);
    const unknown = await account("00000000-0000-4000-8000-000000000000");
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe("policy not found");
    expect((await api("GET", `/api/v1/emission/policies/${policy.id}/account`)).status).toBe(401);
  });
});

describe("manual payments: credit and premiums", () => {
  it("3.5 premiums at once: ACTIVE, three months paid, half a premium of credit, entries oldest first", async () => {
    const { policy } = await issueTestPolicy(seller);
    const start = dateFromToday(1);
    const paid = await pay(policy.id, "87.50", { reference: "transfer 42" });
    expect(paid.status, paid.text).toBe(201);
    expect(paid.body.policy).toMatchObject({
      status: "ACTIVE",
      paid_to_date: monthEnd(start, 3),
      next_due_date: addDays(monthEnd(start, 3), 1),
      credit: "12.50",
    });
    const response = await account(policy.id);
    expect(response.body).toMatchObject({ paid_to_date: monthEnd(start, 3), credit: "12.50", arrears_amount: "0.00" });
    expect(response.body.entries).toEqual([
      { date: today, kind: "PAYMENT", amount: "87.50", reference: "transfer 42" },
      { date: today, kind: "PREMIUM_PAID", amount: "25.00", reference: `${start} – ${monthEnd(start, 1)}` },
      {
        date: today,
        kind: "PREMIUM_PAID",
        amount: "25.00",
        reference: `${addDays(monthEnd(start, 1), 1)} – ${monthEnd(start, 2)}`,
      },
      {
        date: today,
        kind: "PREMIUM_PAID",
        amount: "25.00",
        reference: `${addDays(monthEnd(start, 2), 1)} – ${monthEnd(start, 3)}`,
      },
    ]);
    expect((await history(policy.id)).map((row) => [row.toStatus, row.reason])).toEqual([
      ["PENDING_PAYMENT", "policy issued"],
      ["ACTIVE", "manual payment received"],
    ]);
  });

  it("half a premium leaves a PENDING_PAYMENT policy pending with credit; the other half takes the premium", async () => {
    const { policy } = await issueTestPolicy(seller);
    const first = await pay(policy.id, "12.50");
    expect(first.status).toBe(201);
    expect(first.body.policy).toMatchObject({ status: "PENDING_PAYMENT", paid_to_date: null, credit: "12.50" });
    const second = await pay(policy.id, "12.50");
    expect(second.body.policy).toMatchObject({
      status: "ACTIVE",
      paid_to_date: monthEnd(dateFromToday(1), 1),
      credit: "0.00",
    });
    expect((await account(policy.id)).body.entries.map((entry: { kind: string }) => entry.kind)).toEqual([
      "PAYMENT",
      "PAYMENT",
      "PREMIUM_PAID",
    ]);
  });

  it("an ACTIVE policy pays ahead: each premium moves the paid-to date one more month", async () => {
    const { policy } = await issueTestPolicy(seller);
    await pay(policy.id, "25.00");
    const ahead = await pay(policy.id, "25.00");
    expect(ahead.status).toBe(201);
    expect(ahead.body.policy).toMatchObject({ status: "ACTIVE", paid_to_date: monthEnd(dateFromToday(1), 2) });
    expect((await history(policy.id)).map((row) => row.toStatus)).toEqual(["PENDING_PAYMENT", "ACTIVE"]);
  });

  it("dates the entries on the day the money was received (paid_at)", async () => {
    const { policy } = await issueTestPolicy(seller);
    await pay(policy.id, "25.00", { paid_at: "2026-01-15T10:00:00Z" });
    expect((await account(policy.id)).body.entries.map((entry: { date: string }) => entry.date)).toEqual([
      "2026-01-15",
      "2026-01-15",
    ]);
  });
});

describe("IN_ARREARS", () => {
  it("owes one premium per month begun after the paid-to date; a partial payment leaves it in arrears, the rest makes it ACTIVE", async () => {
    const { policy, start } = await behindPolicy("IN_ARREARS");
    const before = await account(policy.id);
    expect(before.body).toMatchObject({
      paid_to_date: monthEnd(start, 1),
      arrears_amount: "50.00",
      grace_ends_on: addDays(monthEnd(start, 1), 30),
    });

    // 30.00 takes one premium (to the end of month 2, still before today) and leaves 5.00 of credit.
    const partial = await pay(policy.id, "30.00");
    expect(partial.status, partial.text).toBe(201);
    expect(partial.body.policy).toMatchObject({
      status: "IN_ARREARS",
      paid_to_date: monthEnd(start, 2),
      credit: "5.00",
      grace_ends_on: addDays(monthEnd(start, 2), 30),
    });
    expect((await account(policy.id)).body.arrears_amount).toBe("20.00");

    const rest = await pay(policy.id, "20.00");
    expect(rest.body.policy).toMatchObject({ status: "ACTIVE", paid_to_date: monthEnd(start, 3), credit: "0.00" });
    expect(rest.body.policy.grace_ends_on).toBeNull();
    expect((await account(policy.id)).body.arrears_amount).toBe("0.00");
    expect((await history(policy.id)).at(-1)).toMatchObject({
      fromStatus: "IN_ARREARS",
      toStatus: "ACTIVE",
      reason: "manual payment received",
      changedBy: admin.user.id,
    });
  });
});

describe("reinstatement (section 6)", () => {
  it("a LAPSED policy inside its window stays LAPSED while paid short of today, and is reinstated once paid to today", async () => {
    const lapsedOn = dateFromToday(-10);
    const { policy, start } = await behindPolicy("LAPSED", { lapsedOn });
    const read = await api("GET", `/api/v1/emission/policies/${policy.id}`, { token: seller.token });
    expect(read.body).toMatchObject({
      status: "LAPSED",
      lapsed_on: lapsedOn,
      reinstatable_until: addDays(lapsedOn, 90),
    });
    expect((await account(policy.id)).body.arrears_amount).toBe("50.00");

    const short = await pay(policy.id, "25.00");
    expect(short.status, short.text).toBe(201);
    expect(short.body.policy).toMatchObject({
      status: "LAPSED",
      paid_to_date: monthEnd(start, 2),
      reinstated_on: null,
    });

    const rest = await pay(policy.id, "25.00");
    expect(rest.status).toBe(201);
    expect(rest.body.policy).toMatchObject({
      status: "ACTIVE",
      paid_to_date: monthEnd(start, 3),
      reinstated_on: today,
      reinstatable_until: null,
    });
    expect((await history(policy.id)).at(-1)).toMatchObject({
      fromStatus: "LAPSED",
      toStatus: "ACTIVE",
      reason: "reinstated",
      effectiveDate: today,
    });
    const audit = await expectAuditRow("POLICY_REINSTATED", policy.id);
    expect(audit.details).toMatchObject({
      lapsed_on: lapsedOn,
      paid_to_date: monthEnd(start, 3),
      reinstated_on: today,
    });
  });

  it("takes a payment on the window's last day, and refuses one the day after with 409, storing nothing", async () => {
    const open = await behindPolicy("LAPSED", { lapsedOn: dateFromToday(-90) });
    expect((await pay(open.policy.id, "50.00")).body.policy.status).toBe("ACTIVE");

    const lapsedOn = dateFromToday(-91);
    const closed = await behindPolicy("LAPSED", { lapsedOn });
    const refused = await pay(closed.policy.id, "50.00");
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(`policy lapsed on ${lapsedOn} and can no longer be reinstated`);
    expect(await transactionCount(closed.policy.id)).toBe(0);
    expect((await account(closed.policy.id)).body.entries).toEqual([]);
  });

  it("refuses every payment of a LAPSED policy whose version has no reinstatement window (0 days)", async () => {
    const lapsedOn = dateFromToday(-1);
    const { policy, versionId } = await behindPolicy("LAPSED", { lapsedOn });
    await (
      await getDb()
    )
      .update(planVersions)
      .set({ reinstatementWindowDays: 0 })
      .where(eq(planVersions.id, versionId));
    const refused = await pay(policy.id, "50.00");
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(`policy lapsed on ${lapsedOn} and can no longer be reinstated`);
  });
});

describe("statuses that take no payment", () => {
  it.each(["CANCELLED", "EXPIRED", "NOT_TAKEN_UP", "DRAFT"] as const)(
    "refuses a %s policy with 409 naming it",
    async (status) => {
      const { policy } = await issueTestPolicy(seller);
      await setPolicy(policy.id, { status });
      const refused = await pay(policy.id, "25.00");
      expect(refused.status).toBe(409);
      expect(refused.body.detail).toBe(
        `a ${status} policy takes no payment; only PENDING_PAYMENT, PAID_FAILED, ACTIVE, IN_ARREARS, LAPSED policies do`,
      );
      expect(await transactionCount(policy.id)).toBe(0);
    },
  );

  it("takes the first premium of a PAID_FAILED policy and makes it ACTIVE", async () => {
    const { policy } = await issueTestPolicy(seller);
    await setPolicy(policy.id, { status: "PAID_FAILED" });
    const paid = await pay(policy.id, "25.00");
    expect(paid.status).toBe(201);
    expect(paid.body.policy.status).toBe("ACTIVE");
  });
});
