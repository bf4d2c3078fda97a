import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { notifications, policies } from "@/db/schema";
import { sendExpiryNotices } from "@/lib/emission/send-expiry-notices";
import { sendArrearsReminders } from "@/lib/payments/send-arrears-reminders";
import { api } from "@/test/api";
import { dateFromToday, issueTestPolicy, signInAs, type SignedIn } from "@/test/fixtures";
import {
  deliverAndProcess,
  notificationsFor,
  payInFull,
  policyStatus,
  subscriptionEvent,
  transition,
  withFakeStripe,
} from "./helpers";

// The two daily tasks: reminders for IN_ARREARS policies without a live subscription, and the notice
// three days before a policy's end_date.

withFakeStripe();

let admin: SignedIn;
let seller: SignedIn;

beforeAll(async () => {
  admin = await signInAs("ADMIN");
  seller = await signInAs("VENDEDOR");
});

async function policyInArrears() {
  const issued = await issueTestPolicy(seller);
  await payInFull(admin, issued.policy);
  await transition(admin, issued.policy.id, "IN_ARREARS", "renewal not paid");
  return issued;
}

describe("sendArrearsReminders", () => {
  it("reminds an IN_ARREARS policy without a subscription once a day", async () => {
    const { policy, client } = await policyInArrears();
    const db = await getDb();
    await sendArrearsReminders(db, "2026-03-01");
    const first = await notificationsFor(client.email, "payment.arrears_reminder");
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      channel: "EMAIL",
      payload: expect.objectContaining({ policy_number: policy.policy_number, final_price: "25.00" }),
    });

    // A second run the same day sends nothing more; the next day, one more.
    await sendArrearsReminders(db, "2026-03-01");
    expect(await notificationsFor(client.email, "payment.arrears_reminder")).toHaveLength(1);
    await sendArrearsReminders(db, "2026-03-02");
    expect(await notificationsFor(client.email, "payment.arrears_reminder")).toHaveLength(2);
  });

  it("leaves alone an IN_ARREARS policy with an ACTIVE subscription (the processor chases it) and policies not in arrears", async () => {
    const { policy, client } = await issueTestPolicy(seller);
    await payInFull(admin, policy);
    const created = await api("POST", "/api/v1/payments/subscription", {
      token: seller.token,
      body: { policy_id: policy.id, processor_payment_method_id: "pm_card_visa" },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.status).toBe("ACTIVE");
    await transition(admin, policy.id, "IN_ARREARS");
    const { client: activeClient, policy: active } = await issueTestPolicy(seller);
    await payInFull(admin, active);
    const { client: pendingClient } = await issueTestPolicy(seller);

    await sendArrearsReminders(await getDb(), "2026-03-03");
    expect(await notificationsFor(client.email, "payment.arrears_reminder")).toHaveLength(0);
    expect(await notificationsFor(activeClient.email, "payment.arrears_reminder")).toHaveLength(0);
    expect(await notificationsFor(pendingClient.email, "payment.arrears_reminder")).toHaveLength(0);
  });

  it("reminds once the subscription is no longer live", async () => {
    const { policy, client } = await issueTestPolicy(seller);
    await payInFull(admin, policy);
    const created = await api("POST", "/api/v1/payments/subscription", {
      token: seller.token,
      body: { policy_id: policy.id, processor_payment_method_id: "pm_card_visa" },
    });
    expect(created.status).toBe(201);
    await transition(admin, policy.id, "IN_ARREARS");
    const db = await getDb();
    await sendArrearsReminders(db, "2026-03-04");
    expect(await notificationsFor(client.email, "payment.arrears_reminder")).toHaveLength(0);
    // The processor gives up on the subscription (its dunning ended it) but the policy stays in arrears.
    const ended = subscriptionEvent(
      "customer.subscription.updated",
      policy.id,
      created.body.processor_subscription_id,
      { status: "canceled" },
    );
    expect((await deliverAndProcess(ended)).status).toBe("PROCESSED");
    expect(await policyStatus(policy.id)).toBe("IN_ARREARS");
    await sendArrearsReminders(db, "2026-03-04");
    expect(await notificationsFor(client.email, "payment.arrears_reminder")).toHaveLength(1);
  });
});

describe("sendExpiryNotices", () => {
  it("tells covering policies that will not renew, whose end_date is exactly 3 days ahead, once per policy and term", async () => {
    const { policy, client } = await issueTestPolicy(seller);
    await payInFull(admin, policy);
    const db = await getDb();
    // A policy that renews is told by the renewal notice instead (lifecycle.md section 4, step 6).
    await db.update(policies).set({ autoRenew: false }).where(eq(policies.id, policy.id));
    const [row] = await db.select({ endDate: policies.endDate }).from(policies).where(eq(policies.id, policy.id));
    // The policy starts tomorrow: it ends a year later, the day before.
    expect(row.endDate).toBe(endOfTermOf(dateFromToday(1)));
    const threeDaysBefore = new Date(Date.parse(`${row.endDate}T09:00:00Z`) - 3 * 86_400_000);
    const fourDaysBefore = new Date(threeDaysBefore.getTime() - 86_400_000);
    const twoDaysBefore = new Date(threeDaysBefore.getTime() + 86_400_000);

    // An unpaid policy of the same term is not told (it does not cover anyone).
    const { client: pendingClient } = await issueTestPolicy(seller);

    await sendExpiryNotices(db, fourDaysBefore);
    expect(await notificationsFor(client.email, "policy.expiring")).toHaveLength(0);
    await sendExpiryNotices(db, threeDaysBefore);
    const notices = await notificationsFor(client.email, "policy.expiring");
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      channel: "EMAIL",
      payload: { name: "Ana", policy_number: policy.policy_number, end_date: row.endDate },
    });
    expect(await notificationsFor(pendingClient.email, "policy.expiring")).toHaveLength(0);

    // The same day again, and the next days: nothing more.
    await sendExpiryNotices(db, threeDaysBefore);
    await sendExpiryNotices(db, twoDaysBefore);
    expect(await notificationsFor(client.email, "policy.expiring")).toHaveLength(1);
    const keys = await db
      .select({ key: notifications.dedupeKey })
      .from(notifications)
      .where(and(eq(notifications.template, "policy.expiring"), like(notifications.dedupeKey, `%${policy.id}%`)));
    expect(keys).toEqual([{ key: `policy-expiring:${policy.id}:${row.endDate}` }]);
  });
});

/** start + 1 year - 1 day (contract section 6). */
function endOfTermOf(start: string): string {
  const date = new Date(`${start}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}
