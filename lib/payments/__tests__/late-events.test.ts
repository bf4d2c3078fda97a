import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { policies } from "@/db/schema";
import { addDays, monthEnd } from "@/lib/emission/premium-dates";
import { api } from "@/test/api";
import { unixNow } from "@/test/fakes/stripe-objects";
import { dateFromToday, issueTestPolicy, signInAs, type SignedIn } from "@/test/fixtures";
import {
  createIntent,
  deliverAndProcess,
  historyOf,
  intentFailed,
  intentSucceeded,
  invoiceEvent,
  issueSubscribedPolicy,
  notificationsFor,
  setPolicyState,
  storedEvent,
  transactionsOf,
  withFakeStripe,
} from "./helpers";

// Events created before the newest payment event applied to their policy (processors do not deliver in
// order): money received still counts, once, and only moves a policy forward; a late failure never
// undoes what a newer event did, and never turns a paid charge into a failed one.

withFakeStripe();

let seller: SignedIn;
const today = dateFromToday(0);
const LATE = /^created \S+, before the newest payment event applied to the policy \(\S+\)/;

beforeAll(async () => {
  seller = await signInAs("VENDEDOR");
});

async function readPolicy(policyId: string) {
  return (await api("GET", `/api/v1/emission/policies/${policyId}`, { token: seller.token })).body;
}

async function entriesOf(policyId: string) {
  const response = await api("GET", `/api/v1/emission/policies/${policyId}/account`, { token: seller.token });
  expect(response.status, response.text).toBe(200);
  return response.body.entries as Array<{ kind: string; amount: string; reference: string }>;
}

async function lastPaymentEventAt(policyId: string) {
  const db = await getDb();
  const [row] = await db.select({ at: policies.lastPaymentEventAt }).from(policies).where(eq(policies.id, policyId));
  return row.at;
}

const transactionStatuses = async (policyId: string) =>
  (await transactionsOf(policyId)).map((row) => [row.processorInvoiceId ?? row.processorPaymentIntentId, row.status]);

describe("a late success", () => {
  it("invoice.paid created before a newer failure: its money is in the account, paid_to_date moves and the policy is ACTIVE", async () => {
    const { policy, client, subscription } = await issueSubscribedPolicy(seller);
    const now = unixNow();
    const failed = invoiceEvent("invoice.payment_failed", policy.id, 2500, {
      subscription,
      invoiceId: "in_newer_failure",
      created: now,
    });
    expect((await deliverAndProcess(failed)).status).toBe("PROCESSED");
    expect((await readPolicy(policy.id)).status).toBe("PAID_FAILED");

    const end = dateFromToday(31);
    const paid = invoiceEvent("invoice.paid", policy.id, 2500, {
      subscription,
      invoiceId: "in_late_success",
      period: { start: today, end },
      created: now - 60,
    });
    const stored = await deliverAndProcess(paid);
    expect(stored.status).toBe("PROCESSED");
    expect(stored.error).toMatch(LATE);
    expect(await readPolicy(policy.id)).toMatchObject({ status: "ACTIVE", paid_to_date: addDays(end, -1) });
    expect(await entriesOf(policy.id)).toEqual([
      expect.objectContaining({ kind: "PAYMENT", amount: "25.00", reference: "in_late_success" }),
      expect.objectContaining({ kind: "PREMIUM_PAID", amount: "25.00", reference: `${today} – ${addDays(end, -1)}` }),
    ]);
    expect(await transactionStatuses(policy.id)).toEqual([
      ["in_newer_failure", "FAILED"],
      ["in_late_success", "PAID"],
    ]);
    expect((await historyOf(policy.id)).at(-1)).toMatchObject({
      fromStatus: "PAID_FAILED",
      toStatus: "ACTIVE",
      changedBy: "system:invoice.paid",
    });
    // The mark stays the newest event's: the failure, not the late success.
    expect(await lastPaymentEventAt(policy.id)).toEqual(new Date(now * 1000));
    expect(await notificationsFor(client.email, "payment.failed")).toHaveLength(1);
  });

  it("invoice.paid of a period short of today moves paid_to_date and leaves an IN_ARREARS policy in arrears; the next late one makes it ACTIVE", async () => {
    const { policy, subscription } = await issueSubscribedPolicy(seller);
    await setPolicyState(policy.id, { status: "IN_ARREARS", paidToDate: dateFromToday(-40) });
    const now = unixNow();
    await deliverAndProcess(invoiceEvent("invoice.payment_failed", policy.id, 2500, { subscription, created: now }));
    expect(await lastPaymentEventAt(policy.id)).toEqual(new Date(now * 1000));

    const short = await deliverAndProcess(
      invoiceEvent("invoice.paid", policy.id, 2500, {
        subscription,
        period: { start: dateFromToday(-39), end: dateFromToday(-9) },
        created: now - 60,
      }),
    );
    expect(short.status).toBe("PROCESSED");
    expect(short.error).toMatch(new RegExp(`${LATE.source}: the policy stays IN_ARREARS$`));
    expect(await readPolicy(policy.id)).toMatchObject({ status: "IN_ARREARS", paid_to_date: dateFromToday(-10) });

    await deliverAndProcess(
      invoiceEvent("invoice.paid", policy.id, 2500, {
        subscription,
        period: { start: dateFromToday(-9), end: dateFromToday(21) },
        created: now - 30,
      }),
    );
    expect(await readPolicy(policy.id)).toMatchObject({ status: "ACTIVE", paid_to_date: dateFromToday(20) });
    expect(await entriesOf(policy.id)).toHaveLength(4);
    expect(await lastPaymentEventAt(policy.id)).toEqual(new Date(now * 1000));
  });

  it("payment_intent.succeeded created before a newer failure: the transaction is PAID, the premium taken and the policy ACTIVE", async () => {
    const { policy } = await issueTestPolicy(seller);
    const first = await createIntent(seller.token, policy.id);
    const second = await createIntent(seller.token, policy.id);
    expect([first.status, second.status]).toEqual([201, 201]);
    const now = unixNow();
    expect((await deliverAndProcess(intentFailed(policy.id, second.body, now))).status).toBe("PROCESSED");
    expect((await readPolicy(policy.id)).status).toBe("PAID_FAILED");

    const stored = await deliverAndProcess(intentSucceeded(policy.id, first.body, now - 60));
    expect(stored.status).toBe("PROCESSED");
    expect(stored.error).toMatch(LATE);
    const start = dateFromToday(1);
    expect(await readPolicy(policy.id)).toMatchObject({ status: "ACTIVE", paid_to_date: monthEnd(start, 1) });
    expect((await entriesOf(policy.id)).map((entry) => [entry.kind, entry.amount])).toEqual([
      ["PAYMENT", "25.00"],
      ["PREMIUM_PAID", "25.00"],
    ]);
    expect(await transactionStatuses(policy.id)).toEqual([
      [first.body.processor_payment_intent_id, "PAID"],
      [second.body.processor_payment_intent_id, "FAILED"],
    ]);
    expect(await lastPaymentEventAt(policy.id)).toEqual(new Date(now * 1000));
  });

  it("delivered twice, or reported again by another event, is counted once", async () => {
    const { policy, subscription } = await issueSubscribedPolicy(seller);
    const now = unixNow();
    await deliverAndProcess(
      invoiceEvent("invoice.payment_failed", policy.id, 2500, { subscription, invoiceId: "in_other", created: now }),
    );
    const paid = invoiceEvent("invoice.paid", policy.id, 2500, { subscription, created: now - 60 });
    expect((await deliverAndProcess(paid)).status).toBe("PROCESSED");
    const once = { policy: await readPolicy(policy.id), entries: await entriesOf(policy.id) };
    expect(once.policy.status).toBe("ACTIVE");
    expect(once.entries).toHaveLength(2);

    // The same event again is acknowledged and not processed again; a copy under another id finds the
    // invoice's money already in the account.
    expect((await deliverAndProcess(paid)).attempts).toBe(1);
    const copy = await deliverAndProcess({ ...paid, id: `${paid.id}_again` });
    expect(copy.status).toBe("PROCESSED");
    expect(copy.error).toMatch(
      new RegExp(`${LATE.source}: invoice ${(paid.data.object as { id: string }).id} is already in the account$`),
    );
    expect(await readPolicy(policy.id)).toMatchObject({ paid_to_date: once.policy.paid_to_date, credit: "0.00" });
    expect(await entriesOf(policy.id)).toEqual(once.entries);
    expect((await historyOf(policy.id)).filter((row) => row.toStatus === "ACTIVE")).toHaveLength(1);
    expect(await storedEvent(paid.id)).toMatchObject({ status: "PROCESSED", attempts: 1 });
  });
});

describe("a late failure", () => {
  it("of the charge a newer success paid: IGNORED, the transaction stays PAID, the policy ACTIVE and no e-mail", async () => {
    const { policy, client } = await issueTestPolicy(seller);
    const intent = await createIntent(seller.token, policy.id);
    expect(intent.status).toBe(201);
    const now = unixNow();
    await deliverAndProcess(intentSucceeded(policy.id, intent.body, now));
    const before = await readPolicy(policy.id);
    expect(before.status).toBe("ACTIVE");

    const late = await deliverAndProcess(intentFailed(policy.id, intent.body, now - 60));
    expect(late.status).toBe("IGNORED");
    expect(late.error).toMatch(new RegExp(`${LATE.source}: its transaction stays PAID; the policy stays ACTIVE$`));
    expect(await transactionsOf(policy.id)).toEqual([
      expect.objectContaining({ id: intent.body.id, status: "PAID", failureMessage: null }),
    ]);
    expect(await readPolicy(policy.id)).toMatchObject({ status: "ACTIVE", paid_to_date: before.paid_to_date });
    expect((await historyOf(policy.id)).map((row) => row.toStatus)).toEqual(["PENDING_PAYMENT", "ACTIVE"]);
    expect(await notificationsFor(client.email, "payment.failed")).toHaveLength(0);
    expect(await lastPaymentEventAt(policy.id)).toEqual(new Date(now * 1000));
  });

  it("of another charge: recorded FAILED on its transaction, the policy stays as it is and no e-mail", async () => {
    const { policy, client, subscription } = await issueSubscribedPolicy(seller);
    const now = unixNow();
    await deliverAndProcess(
      invoiceEvent("invoice.paid", policy.id, 2500, { subscription, invoiceId: "in_paid", created: now }),
    );
    const late = await deliverAndProcess(
      invoiceEvent("invoice.payment_failed", policy.id, 2500, {
        subscription,
        invoiceId: "in_failed_earlier",
        created: now - 60,
      }),
    );
    expect(late.status).toBe("PROCESSED");
    expect(late.error).toMatch(
      new RegExp(`${LATE.source}: the failure is recorded on its transaction; the policy stays ACTIVE$`),
    );
    expect(await transactionStatuses(policy.id)).toEqual([
      ["in_paid", "PAID"],
      ["in_failed_earlier", "FAILED"],
    ]);
    expect((await historyOf(policy.id)).map((row) => row.toStatus)).toEqual(["PENDING_PAYMENT", "ACTIVE"]);
    expect(await notificationsFor(client.email, "payment.failed")).toHaveLength(0);
    expect(await lastPaymentEventAt(policy.id)).toEqual(new Date(now * 1000));
  });
});
