import { and, asc, desc, eq, inArray, notInArray } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import {
  lifecycleRuns,
  notifications,
  planVersions,
  policies,
  policyStatusHistory,
  subscriptions,
  type Policy,
} from "@/db/schema";
import { backgroundFunctions } from "@/inngest/index";
import { cronMatches } from "@/inngest/runner";
import { inProcessRunner } from "@/inngest/send";
import { sendExpiryNotices } from "@/lib/emission/send-expiry-notices";
import { withFakeStripe } from "@/lib/payments/__tests__/helpers";
import { api } from "@/test/api";
import { stripeSubscription } from "@/test/fakes/stripe-objects";
import { createSellableVersion, dateFromToday, issueTestPolicy, signInAs, type SignedIn } from "@/test/fixtures";

// The daily lifecycle run (lifecycle.md section 4): each step at its boundary, the effective dates, a run
// several steps behind, the same day twice, the notices once, and who may run it. Payments are not what is
// tested here: each policy is issued, then given its status and paid-to date directly.

const stripe = withFakeStripe();
let admin: SignedIn;
let seller: SignedIn;
let versionId: string;

beforeAll(async () => {
  admin = await signInAs("ADMIN");
  seller = await signInAs("VENDEDOR");
  versionId = (await createSellableVersion()).version.id;
});

beforeEach(async () => {
  vi.stubEnv("LIFECYCLE_ALLOW_FUTURE", "1");
  // Each test sees only its own policies: those of earlier tests end, so no run moves them again.
  const db = await getDb();
  await db
    .update(policies)
    .set({ status: "CANCELLED" })
    .where(notInArray(policies.status, ["CANCELLED", "EXPIRED", "NOT_TAKEN_UP"]));
});

const NOTHING = { not_taken_up: 0, in_arrears: 0, lapsed: 0, cancelled: 0, renewed: 0, expired: 0 };

/** An issued policy given its term, status and paid-to date directly. */
async function policyWith(columns: Partial<Policy>, options: { versionId?: string } = {}) {
  const { policy, client } = await issueTestPolicy(seller, { versionId: options.versionId ?? versionId });
  const db = await getDb();
  const [row] = await db.update(policies).set(columns).where(eq(policies.id, policy.id)).returning();
  return { policy: row, client };
}

/** A term of one year from `start`, as issue sets it. */
function term(start: string, end: string) {
  return { startDate: start, termStartDate: start, endDate: end };
}

async function run(asOf?: string, token = admin.token) {
  return api("POST", "/api/v1/lifecycle/run", { token, body: asOf ? { as_of: asOf } : {} });
}

async function expectRun(asOf: string, moved: Partial<typeof NOTHING>, notices?: number) {
  const response = await run(asOf);
  expect(response.status, response.text).toBe(200);
  expect(response.body.as_of).toBe(asOf);
  expect(response.body.moved).toEqual({ ...NOTHING, ...moved });
  if (notices !== undefined) expect(response.body.notices).toBe(notices);
  return response.body;
}

async function reload(policyId: string) {
  const [row] = await (await getDb()).select().from(policies).where(eq(policies.id, policyId));
  return row;
}

async function historyOf(policyId: string) {
  return (await getDb())
    .select()
    .from(policyStatusHistory)
    .where(and(eq(policyStatusHistory.policyId, policyId), eq(policyStatusHistory.changedBy, "system:lifecycle")))
    .orderBy(asc(policyStatusHistory.changedAt), asc(policyStatusHistory.id));
}

async function noticesOf(recipient: string, template?: string) {
  return (await getDb())
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipient, recipient), template ? eq(notifications.template, template) : undefined));
}

describe("step 1, not taken up", () => {
  it("moves an unpaid PENDING_PAYMENT policy the day after start_date + not_taken_up_days, not before", async () => {
    const { policy, client } = await policyWith({ ...term("2026-03-01", "2027-02-28"), status: "PENDING_PAYMENT" });

    await expectRun("2026-03-31", {}, 0);
    expect((await reload(policy.id)).status).toBe("PENDING_PAYMENT");

    await expectRun("2026-04-01", { not_taken_up: 1 }, 1);
    expect((await reload(policy.id)).status).toBe("NOT_TAKEN_UP");
    const [move] = await historyOf(policy.id);
    expect(move).toMatchObject({
      fromStatus: "PENDING_PAYMENT",
      toStatus: "NOT_TAKEN_UP",
      effectiveDate: "2026-04-01",
      reason: "not taken up: no premium paid by 2026-03-31 (lifecycle run for 2026-04-01)",
    });
    const [notice] = await noticesOf(client.email, "policy.not_taken_up");
    expect(notice.payload).toMatchObject({ policy_number: policy.policyNumber, start_date: "2026-03-01" });
  });

  it("moves a PAID_FAILED policy too, but never one with a premium paid", async () => {
    const failed = await policyWith({ ...term("2026-03-01", "2027-02-28"), status: "PAID_FAILED" });
    const paid = await policyWith({
      ...term("2026-03-01", "2027-02-28"),
      status: "PENDING_PAYMENT",
      paidToDate: "2026-03-31",
    });
    await expectRun("2026-04-01", { not_taken_up: 1 });
    expect((await reload(failed.policy.id)).status).toBe("NOT_TAKEN_UP");
    expect((await reload(paid.policy.id)).status).toBe("PENDING_PAYMENT");
  });

  it("cancels the policy's subscription at the processor", async () => {
    const { policy } = await policyWith({ ...term("2026-03-01", "2027-02-28"), status: "PENDING_PAYMENT" });
    const remote = stripeSubscription({ status: "incomplete" });
    stripe.fake().subscriptions.set(remote.id, remote);
    const db = await getDb();
    await db
      .insert(subscriptions)
      .values({ policyId: policy.id, processorSubscriptionId: remote.id, status: "INCOMPLETE", billingAnchorDay: 1 });

    await expectRun("2026-04-01", { not_taken_up: 1 });
    expect(stripe.fake().subscriptions.get(remote.id)?.status).toBe("canceled");
    const [local] = await db.select().from(subscriptions).where(eq(subscriptions.policyId, policy.id));
    expect(local).toMatchObject({ status: "CANCELED", cancelRequested: true });
  });
  it("moves the others when the processor refuses one, and leaves that one due with nothing of its move kept", async () => {
    // Both are moved in one transaction (lib/lifecycle/run-lifecycle.ts), each in a savepoint.
    const kept = await policyWith({ ...term("2026-03-01", "2027-02-28"), status: "PENDING_PAYMENT" });
    const refused = await policyWith({ ...term("2026-03-01", "2027-02-28"), status: "PENDING_PAYMENT" });
    const remote = stripeSubscription({ status: "incomplete" });
    stripe.fake().subscriptions.set(remote.id, remote);
    const db = await getDb();
    await db.insert(subscriptions).values([
      { policyId: kept.policy.id, processorSubscriptionId: remote.id, status: "INCOMPLETE", billingAnchorDay: 1 },
      // Unknown to the processor: cancelling it answers 404.
      {
        policyId: refused.policy.id,
        processorSubscriptionId: "sub_unknown",
        status: "INCOMPLETE",
        billingAnchorDay: 1,
      },
    ]);

    await expectRun("2026-04-01", { not_taken_up: 1 }, 1);
    expect((await reload(kept.policy.id)).status).toBe("NOT_TAKEN_UP");
    expect(await noticesOf(kept.client.email, "policy.not_taken_up")).toHaveLength(1);
    expect((await reload(refused.policy.id)).status).toBe("PENDING_PAYMENT");
    expect(await historyOf(refused.policy.id)).toEqual([]);
    expect(await noticesOf(refused.client.email, "policy.not_taken_up")).toEqual([]);
  });
});

describe("step 2, arrears", () => {
  it("moves an ACTIVE policy the day after its paid-to date, effective that day, with the amount and grace end", async () => {
    const { policy, client } = await policyWith({
      ...term("2026-03-15", "2027-03-14"),
      status: "ACTIVE",
      paidToDate: "2026-05-14",
    });

    await expectRun("2026-05-14", {}, 0);
    await expectRun("2026-05-15", { in_arrears: 1 }, 1);
    expect((await reload(policy.id)).status).toBe("IN_ARREARS");
    expect(await historyOf(policy.id)).toMatchObject([
      {
        fromStatus: "ACTIVE",
        toStatus: "IN_ARREARS",
        effectiveDate: "2026-05-15",
        reason: "in arrears: premium due 2026-05-15 unpaid (lifecycle run for 2026-05-15)",
      },
    ]);
    const [notice] = await noticesOf(client.email, "policy.in_arrears");
    expect(notice.payload).toMatchObject({ amount: policy.finalPrice, currency: "USD", grace_ends_on: "2026-06-13" });
  });

  it("dates a late find on the day after the paid-to date", async () => {
    const { policy } = await policyWith({
      ...term("2026-03-15", "2027-03-14"),
      status: "ACTIVE",
      paidToDate: "2026-05-14",
    });
    await expectRun("2026-05-20", { in_arrears: 1 });
    expect((await historyOf(policy.id))[0].effectiveDate).toBe("2026-05-15");
  });

  it("gives a policy with a live card subscription 3 days for the processor's charge", async () => {
    const { policy } = await policyWith({
      ...term("2026-03-15", "2027-03-14"),
      status: "ACTIVE",
      paidToDate: "2026-05-14",
    });
    await (await getDb()).insert(subscriptions).values({
      policyId: policy.id,
      processorSubscriptionId: `sub_${policy.id}`,
      status: "ACTIVE",
      billingAnchorDay: 15,
    });

    await expectRun("2026-05-17", {});
    expect((await reload(policy.id)).status).toBe("ACTIVE");
    await expectRun("2026-05-18", { in_arrears: 1 });
    expect((await historyOf(policy.id))[0].effectiveDate).toBe("2026-05-15");
  });

  it("leaves a policy paid exactly to the end of its ended term to step 5", async () => {
    // Not renewing: step 5 ends it, where step 2 would have put it in arrears.
    const { policy, client } = await policyWith({
      ...term("2025-01-01", "2025-12-31"),
      status: "ACTIVE",
      paidToDate: "2025-12-31",
      autoRenew: false,
    });

    await expectRun("2025-12-31", {});
    await expectRun("2026-01-01", { expired: 1 }, 1);
    expect(await historyOf(policy.id)).toMatchObject([
      { fromStatus: "ACTIVE", toStatus: "EXPIRED", effectiveDate: "2026-01-01" },
    ]);
    expect(await noticesOf(client.email, "policy.expired")).toHaveLength(1);
  });
});

describe("step 3, lapse", () => {
  it("lapses an IN_ARREARS policy the day after its grace period, with lapsed_on and the reinstatement window", async () => {
    const { policy, client } = await policyWith({
      ...term("2026-03-15", "2027-03-14"),
      status: "IN_ARREARS",
      paidToDate: "2026-05-14",
    });

    await expectRun("2026-06-13", {}, 0);
    await expectRun("2026-06-14", { lapsed: 1 }, 1);
    expect(await reload(policy.id)).toMatchObject({ status: "LAPSED", lapsedOn: "2026-06-14" });
    expect(await historyOf(policy.id)).toMatchObject([
      {
        fromStatus: "IN_ARREARS",
        toStatus: "LAPSED",
        effectiveDate: "2026-06-14",
        reason: "lapsed: grace period ended on 2026-06-13 (lifecycle run for 2026-06-14)",
      },
    ]);
    const [notice] = await noticesOf(client.email, "policy.lapsed");
    expect(notice.payload).toMatchObject({ lapsed_on: "2026-06-14", reinstatable_until: "2026-09-12" });
  });

  it("follows the version's grace period", async () => {
    const { version } = await createSellableVersion({ grace_period_days: 10 });
    const { policy } = await policyWith(
      { ...term("2026-03-15", "2027-03-14"), status: "IN_ARREARS", paidToDate: "2026-05-14" },
      { versionId: version.id },
    );
    await expectRun("2026-05-24", {});
    await expectRun("2026-05-25", { lapsed: 1 });
    expect((await reload(policy.id)).lapsedOn).toBe("2026-05-25");
  });
});

describe("step 4, cancellation at the end of the paid period", () => {
  it("cancels the day after cancel_at, instead of finding arrears", async () => {
    const { policy } = await policyWith({
      ...term("2026-03-15", "2027-03-14"),
      status: "ACTIVE",
      paidToDate: "2026-06-14",
      cancelAt: "2026-06-14",
    });
    await expectRun("2026-06-14", {});
    await expectRun("2026-06-15", { cancelled: 1 }, 0);
    expect(await historyOf(policy.id)).toMatchObject([
      {
        fromStatus: "ACTIVE",
        toStatus: "CANCELLED",
        effectiveDate: "2026-06-15",
        reason: "cancelled at the end of the paid period on 2026-06-14 (lifecycle run for 2026-06-15)",
      },
    ]);
  });
});

describe("step 5, term end", () => {
  it("renews an ACTIVE policy the day after its end_date", async () => {
    const { policy, client } = await policyWith({
      ...term("2025-01-01", "2025-12-31"),
      status: "ACTIVE",
      paidToDate: "2026-01-31",
    });
    await expectRun("2025-12-31", {});
    await expectRun("2026-01-01", { renewed: 1 });
    expect(await reload(policy.id)).toMatchObject({
      status: "ACTIVE",
      termNumber: 2,
      termStartDate: "2026-01-01",
      endDate: "2026-12-31",
    });
    expect(await noticesOf(client.email, "policy.renewed")).toHaveLength(1);
  });

  it("ends an ACTIVE policy that will not renew the day after its end_date", async () => {
    const { policy } = await policyWith({
      ...term("2025-01-01", "2025-12-31"),
      status: "ACTIVE",
      paidToDate: "2026-01-31",
      autoRenew: false,
    });
    await expectRun("2025-12-31", {});
    await expectRun("2026-01-01", { expired: 1 });
    expect((await reload(policy.id)).status).toBe("EXPIRED");
  });
});

describe("a run", () => {
  it("moves a policy several steps behind through each, once, and the same day again changes nothing", async () => {
    const { policy, client } = await policyWith({
      ...term("2026-03-15", "2027-03-14"),
      status: "ACTIVE",
      paidToDate: "2026-05-14",
    });

    await expectRun("2026-07-01", { in_arrears: 1, lapsed: 1 }, 2);
    expect(await reload(policy.id)).toMatchObject({ status: "LAPSED", lapsedOn: "2026-06-14" });
    expect((await historyOf(policy.id)).map((row) => [row.toStatus, row.effectiveDate])).toEqual([
      ["IN_ARREARS", "2026-05-15"],
      ["LAPSED", "2026-06-14"],
    ]);

    await expectRun("2026-07-01", {}, 0);
    await expectRun("2026-07-02", {}, 0);
    expect(await historyOf(policy.id)).toHaveLength(2);
    expect(await noticesOf(client.email)).toHaveLength(3); // policy.issued, in_arrears, lapsed
  });

  it("records itself in lifecycle_runs", async () => {
    await policyWith({ ...term("2026-03-15", "2027-03-14"), status: "ACTIVE", paidToDate: "2026-05-14" });
    await expectRun("2026-05-15", { in_arrears: 1 }, 1);
    const [row] = await (await getDb()).select().from(lifecycleRuns).orderBy(desc(lifecycleRuns.startedAt)).limit(1);
    expect(row).toMatchObject({ asOf: "2026-05-15", startedBy: admin.user.id, notices: 1 });
    expect(row.moved).toEqual({ ...NOTHING, in_arrears: 1 });
    expect(row.finishedAt).not.toBeNull();
  });

  it("runs for today when as_of is left out", async () => {
    const response = await run();
    expect(response.status, response.text).toBe(200);
    expect(response.body.as_of).toBe(dateFromToday(0));
  });

  it("refuses a day after today without LIFECYCLE_ALLOW_FUTURE=1 (422), and takes it with", async () => {
    vi.stubEnv("LIFECYCLE_ALLOW_FUTURE", "");
    const tomorrow = dateFromToday(1);
    const refused = await run(tomorrow);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      { path: "as_of", message: "must not be after today", code: "date_in_future" },
    ]);
    expect((await run(dateFromToday(0))).status).toBe(200);
    vi.stubEnv("LIFECYCLE_ALLOW_FUTURE", "1");
    expect((await run(tomorrow)).status).toBe(200);
  });

  it("is refused to a seller (403) and to nobody (401)", async () => {
    expect((await run("2026-05-15", seller.token)).status).toBe(403);
    expect((await api("POST", "/api/v1/lifecycle/run", { body: {} })).status).toBe(401);
  });

  it("does the work once when two runs start at once; the other answers 409", async () => {
    const due = await Promise.all(
      Array.from({ length: 3 }, () =>
        policyWith({ ...term("2026-03-15", "2027-03-14"), status: "ACTIVE", paidToDate: "2026-05-14" }),
      ),
    );
    const answers = await Promise.all([run("2026-05-15"), run("2026-05-15")]);
    for (const answer of answers.filter((response) => response.status !== 200))
      expect([answer.status, answer.body.detail]).toEqual([409, "a lifecycle run is in progress"]);
    const moved = answers
      .filter((response) => response.status === 200)
      .reduce((sum, response) => sum + response.body.moved.in_arrears, 0);
    expect(moved).toBe(3);
    const rows = await (
      await getDb()
    )
      .select()
      .from(policyStatusHistory)
      .where(
        inArray(
          policyStatusHistory.policyId,
          due.map(({ policy }) => policy.id),
        ),
      );
    expect(rows.filter((row) => row.toStatus === "IN_ARREARS")).toHaveLength(3);
  });
});

describe("notices", () => {
  it("sends the renewal notice renewal_notice_days before end_date, once, to a policy that will renew", async () => {
    const { policy, client } = await policyWith({
      ...term("2026-03-15", "2027-03-14"),
      status: "ACTIVE",
      paidToDate: "2027-03-14",
    });
    const notRenewing = await policyWith({
      ...term("2026-03-15", "2027-03-14"),
      status: "ACTIVE",
      paidToDate: "2027-03-14",
      autoRenew: false,
    });

    await expectRun("2027-02-11", {}, 0);
    await expectRun("2027-02-12", {}, 1);
    const [notice] = await noticesOf(client.email, "policy.renewal_notice");
    expect(notice.payload).toMatchObject({
      policy_number: policy.policyNumber,
      end_date: "2027-03-14",
      term_start_date: "2027-03-15",
      final_price: policy.finalPrice,
    });
    await expectRun("2027-02-12", {}, 0);
    await expectRun("2027-02-20", {}, 0);
    expect(await noticesOf(client.email, "policy.renewal_notice")).toHaveLength(1);
    expect(await noticesOf(notRenewing.client.email, "policy.renewal_notice")).toHaveLength(0);
  });

  it("keeps the 3-day expiry notice for policies that will not renew only", async () => {
    const endDate = dateFromToday(3);
    const columns = { status: "ACTIVE" as const, endDate, paidToDate: endDate };
    const renewing = await policyWith(columns);
    const notAuto = await policyWith({ ...columns, autoRenew: false });
    const cancelling = await policyWith({ ...columns, cancelAt: endDate });
    const { version } = await createSellableVersion();
    await (await getDb()).update(planVersions).set({ isRenewable: false }).where(eq(planVersions.id, version.id));
    const notRenewable = await policyWith(columns, { versionId: version.id });

    await sendExpiryNotices(await getDb());
    expect(await noticesOf(renewing.client.email, "policy.expiring")).toHaveLength(0);
    for (const { client } of [notAuto, cancelling, notRenewable])
      expect(await noticesOf(client.email, "policy.expiring")).toHaveLength(1);
  });
});

describe("the daily background function", () => {
  it("runs at 00:30 UTC for today as the system", async () => {
    const fn = backgroundFunctions.find((candidate) => candidate.id === "lifecycle-run")!;
    expect(fn.trigger).toEqual({ cron: "30 0 * * *" });
    expect(cronMatches("30 0 * * *", new Date("2026-11-27T00:30:00Z"))).toBe(true);
    expect(cronMatches("30 0 * * *", new Date("2026-11-27T00:31:00Z"))).toBe(false);

    const result = await fn.handler({
      event: { name: "cron", data: {} },
      attempt: 0,
      step: { run: (_, work) => work() },
    });
    expect(result).toMatchObject({ as_of: dateFromToday(0), moved: NOTHING });
    await inProcessRunner().drain();
    const [row] = await (await getDb()).select().from(lifecycleRuns).orderBy(desc(lifecycleRuns.startedAt)).limit(1);
    expect(row).toMatchObject({ asOf: dateFromToday(0), startedBy: "system:lifecycle" });
  });
});
