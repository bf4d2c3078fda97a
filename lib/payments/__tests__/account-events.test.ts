import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { subscriptions } from "@/db/schema";
import { addDays, monthEnd } from "@/lib/emission/premium-dates";
import { api } from "@/test/api";
import { unixNow } from "@/test/fakes/stripe-objects";
import { dateFromToday, issueTestPolicy, signInAs, type SignedIn } from "@/test/fixtures";
import {
  createIntent,
  deliverAndProcess,
  historyOf,
  intentSucceeded,
  invoiceEvent,
  issueSubscribedPolicy,
  notificationsFor,
  policyStatus,
  setPolicyState,
  subscriptionEvent,
  withFakeStripe,
} from "./helpers";

// The card paths into the policy's account (lifecycle.md sections 3 and 6): payment_intent.succeeded
// counts as a manual payment does (credit, premiums by month), invoice.paid covers its line's period,
// and customer.subscription.deleted cancels only what the service asked to end.

withFakeStripe();

let admin: SignedIn;
let seller: SignedIn;
const today = dateFromToday(0);

beforeAll(async () => {
  [admin, seller] = await Promise.all([signInAs("ADMIN"), signInAs("VENDEDOR")]);
});

function account(policyId: string) {
  return api("GET", `/api/v1/emission/policies/${policyId}/account`, { token: seller.token });
}

async function readPolicy(policyId: string) {
  return (await api("GET", `/api/v1/emission/policies/${policyId}`, { token: seller.token })).body;
}

describe("payment_intent.succeeded", () => {
  it("takes the premium from the intent's money: ACTIVE, paid one month, PAYMENT and PREMIUM_PAID entries, once however often reported", async () => {
    const { policy } = await issueTestPolicy(seller);
    const intent = await createIntent(seller.token, policy.id);
    expect(intent.status, intent.text).toBe(201);
    const event = intentSucceeded(policy.id, intent.body);
    expect((await deliverAndProcess(event)).status).toBe("PROCESSED");
    const start = dateFromToday(1);
    expect(await readPolicy(policy.id)).toMatchObject({ status: "ACTIVE", paid_to_date: monthEnd(start, 1) });
    const entries = [
      { date: today, kind: "PAYMENT", amount: "25.00", reference: intent.body.processor_payment_intent_id },
      { date: today, kind: "PREMIUM_PAID", amount: "25.00", reference: `${start} – ${monthEnd(start, 1)}` },
    ];
    expect((await account(policy.id)).body.entries).toEqual(entries);

    // The processor reports the same success again in another event: the money is in the account once.
    const again = await deliverAndProcess({ ...event, id: `${event.id}_again` });
    expect(again.status).toBe("PROCESSED");
    expect(again.error).toBe(`payment ${intent.body.processor_payment_intent_id} is already in the account`);
    expect((await account(policy.id)).body.entries).toEqual(entries);
    expect((await historyOf(policy.id)).filter((row) => row.toStatus === "ACTIVE")).toHaveLength(1);
  });

  it("reinstates a LAPSED policy inside its window once the intents bring it to today", async () => {
    const { policy } = await issueTestPolicy(seller);
    const start = dateFromToday(-70);
    await setPolicyState(policy.id, {
      status: "LAPSED",
      startDate: start,
      paidToDate: monthEnd(start, 1),
      lapsedOn: dateFromToday(-5),
    });
    for (const expected of ["LAPSED", "ACTIVE"]) {
      const intent = await createIntent(seller.token, policy.id);
      expect(intent.status, intent.text).toBe(201);
      await deliverAndProcess(intentSucceeded(policy.id, intent.body));
      expect(await policyStatus(policy.id)).toBe(expected);
    }
    expect(await readPolicy(policy.id)).toMatchObject({ paid_to_date: monthEnd(start, 3), reinstated_on: today });
    expect((await historyOf(policy.id)).at(-1)).toMatchObject({
      fromStatus: "LAPSED",
      toStatus: "ACTIVE",
      reason: "reinstated",
      changedBy: "system:payment_intent.succeeded",
    });
  });

  it("refuses an intent for a LAPSED policy whose window has closed (409)", async () => {
    const { policy } = await issueTestPolicy(seller);
    const lapsedOn = dateFromToday(-200);
    await setPolicyState(policy.id, { status: "LAPSED", lapsedOn });
    const refused = await createIntent(seller.token, policy.id);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(`policy lapsed on ${lapsedOn} and can no longer be reinstated`);
  });
});

describe("invoice.paid", () => {
  it("covers the invoice line's period: paid to the day before it ends, never moved back by an earlier period", async () => {
    const { policy, subscription } = await issueSubscribedPolicy(seller);
    const end = dateFromToday(20);
    const first = invoiceEvent("invoice.paid", policy.id, 1800, {
      subscription,
      period: { start: today, end },
      created: unixNow() - 10,
    });
    expect((await deliverAndProcess(first)).status).toBe("PROCESSED");
    expect(await readPolicy(policy.id)).toMatchObject({
      status: "ACTIVE",
      paid_to_date: addDays(end, -1),
      credit: "0.00",
    });
    expect((await account(policy.id)).body.entries).toEqual([
      { date: today, kind: "PAYMENT", amount: "18.00", reference: (first.data.object as { id: string }).id },
      { date: today, kind: "PREMIUM_PAID", amount: "18.00", reference: `${today} – ${addDays(end, -1)}` },
    ]);

    // The next period's invoice moves it on; a late invoice of an earlier period adds its money only.
    const nextEnd = dateFromToday(50);
    await deliverAndProcess(
      invoiceEvent("invoice.paid", policy.id, 2500, {
        subscription,
        period: { start: end, end: nextEnd },
        created: unixNow() - 5,
      }),
    );
    expect((await readPolicy(policy.id)).paid_to_date).toBe(addDays(nextEnd, -1));
    await deliverAndProcess(
      invoiceEvent("invoice.paid", policy.id, 2500, {
        subscription,
        period: { start: dateFromToday(-30), end: today },
        created: unixNow(),
      }),
    );
    expect((await readPolicy(policy.id)).paid_to_date).toBe(addDays(nextEnd, -1));
    expect((await account(policy.id)).body.entries).toHaveLength(6);
  });

  it("makes an IN_ARREARS policy ACTIVE when its period reaches today, and leaves it in arrears when it does not", async () => {
    const { policy, subscription } = await issueSubscribedPolicy(seller);
    await setPolicyState(policy.id, { status: "IN_ARREARS", paidToDate: dateFromToday(-40) });
    await deliverAndProcess(
      invoiceEvent("invoice.paid", policy.id, 2500, {
        subscription,
        period: { start: dateFromToday(-39), end: dateFromToday(-9) },
        created: unixNow() - 10,
      }),
    );
    expect(await readPolicy(policy.id)).toMatchObject({ status: "IN_ARREARS", paid_to_date: dateFromToday(-10) });
    await deliverAndProcess(
      invoiceEvent("invoice.paid", policy.id, 2500, {
        subscription,
        period: { start: dateFromToday(-9), end: dateFromToday(21) },
        created: unixNow(),
      }),
    );
    expect(await readPolicy(policy.id)).toMatchObject({ status: "ACTIVE", paid_to_date: dateFromToday(20) });
    expect((await historyOf(policy.id)).at(-1)).toMatchObject({ fromStatus: "IN_ARREARS", toStatus: "ACTIVE" });
  });
});

describe("customer.subscription.deleted", () => {
  it("cancels the policy when the service asked for the end (POST /payments/subscription/cancel at period end)", async () => {
    const { policy, subscription } = await issueSubscribedPolicy(seller);
    await deliverAndProcess(invoiceEvent("invoice.paid", policy.id, 2500, { subscription, created: unixNow() - 10 }));
    const cancel = await api("POST", "/api/v1/payments/subscription/cancel", {
      token: admin.token,
      body: { policy_id: policy.id, cancel_immediately: false },
    });
    expect(cancel.status, cancel.text).toBe(200);
    expect(cancel.body.subscription.cancel_at_period_end).toBe(true);
    expect(cancel.body.policy.status).toBe("ACTIVE");
    const [local] = await (
      await getDb()
    )
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.processorSubscriptionId, subscription));
    expect(local.cancelRequested).toBe(true);

    const stored = await deliverAndProcess(
      subscriptionEvent("customer.subscription.deleted", policy.id, subscription, { cancelAtPeriodEnd: true }),
    );
    expect(stored.status).toBe("PROCESSED");
    expect(await policyStatus(policy.id)).toBe("CANCELLED");
    expect((await historyOf(policy.id)).at(-1)).toMatchObject({
      fromStatus: "ACTIVE",
      toStatus: "CANCELLED",
      reason: `subscription ${subscription} ended at the service's request`,
      changedBy: "system:customer.subscription.deleted",
    });
  });

  it("leaves an IN_ARREARS policy to the lifecycle when the processor ends the subscription after failed retries", async () => {
    const { policy, client, subscription } = await issueSubscribedPolicy(seller);
    await deliverAndProcess(invoiceEvent("invoice.paid", policy.id, 2500, { subscription, created: unixNow() - 10 }));
    await setPolicyState(policy.id, { status: "IN_ARREARS" });
    await deliverAndProcess(subscriptionEvent("customer.subscription.deleted", policy.id, subscription));
    expect(await policyStatus(policy.id)).toBe("IN_ARREARS");
    const [notice] = await notificationsFor(client.email, "payment.subscription_ended");
    expect(notice.payload).toMatchObject({ policy_number: policy.policy_number });
  });
});
