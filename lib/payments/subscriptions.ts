import { and, desc, eq, ne } from "drizzle-orm";
import type Stripe from "stripe";
import { companies, planVersions, plans, subscriptions, type Subscription } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { getPolicy } from "@/lib/emission/get-policy";
import { movePolicy } from "@/lib/emission/move-policy";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { writeAudit } from "@/lib/operations/audit";
import type { DbOrTx } from "@/db";
import { ensureProcessorCustomer } from "./customers";
import { lockPolicyInScope } from "./internal";
import { callProcessor, paymentProcessor, toMinorUnits } from "./processor";

export function toSubscriptionResponse(subscription: Subscription) {
  return {
    id: subscription.id,
    policy_id: subscription.policyId,
    processor_subscription_id: subscription.processorSubscriptionId,
    status: subscription.status,
    billing_anchor_day: subscription.billingAnchorDay,
    current_period_end: subscription.currentPeriodEnd?.toISOString() ?? null,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
  };
}

/** The next midnight (UTC) falling on `day` of a month, strictly after `now`. */
export function nextAnchor(day: number, now = new Date()): Date {
  const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), day));
  return thisMonth > now ? thisMonth : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, day));
}

/** The end of the current period: at this API version the processor keeps it on the subscription's items. */
export function periodEndOf(subscription: Stripe.Subscription): Date | null {
  const ends = subscription.items.data
    .map((item) => item.current_period_end)
    .filter((end): end is number => typeof end === "number");
  return ends.length > 0 ? new Date(Math.min(...ends) * 1000) : null;
}

/**
 * The plan's processor price (spec step 3). A plan without one gets a product and a monthly price made
 * at the processor from its version, remembered on the plan, so every later subscription links the same.
 */
async function processorProductOf(db: DbOrTx, planVersionId: string): Promise<string> {
  const [row] = await db
    .select({ plan: plans, version: planVersions })
    .from(planVersions)
    .innerJoin(plans, eq(plans.id, planVersions.planId))
    .where(eq(planVersions.id, planVersionId))
    .for("update", { of: plans });
  const stripe = paymentProcessor();
  if (row.plan.processorPriceId) {
    const price = await callProcessor(() => stripe.prices.retrieve(row.plan.processorPriceId!));
    return typeof price.product === "string" ? price.product : price.product.id;
  }
  const price = await callProcessor(() =>
    stripe.prices.create(
      {
        currency: row.version.currency.toLowerCase(),
        unit_amount: toMinorUnits(row.version.publicPrice, row.version.currency),
        recurring: { interval: "month" },
        product_data: { name: row.plan.name, metadata: { plan_id: row.plan.id } },
        metadata: { plan_id: row.plan.id },
      },
      { idempotencyKey: `plan-price-${row.plan.id}` },
    ),
  );
  await db.update(plans).set({ processorPriceId: price.id, updatedAt: new Date() }).where(eq(plans.id, row.plan.id));
  return typeof price.product === "string" ? price.product : price.product.id;
}

/**
 * POST /payments/subscription, the spec's five steps: the client's customer, the card attached (and made
 * the default), the plan's processor product billed monthly at the policy's premium (final_price) on the
 * anchor day, the first invoice prorated up to it, a reseller's
 * commission and connected account, then the local row. A declined first charge answers 402 and leaves
 * no local row (payment_behavior error_if_incomplete makes the processor refuse the subscription).
 */
export async function createSubscription({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { policy_id: string; processor_payment_method_id: string; billing_anchor_day?: number };
}) {
  assertCan(ctx.actor, "payments:write");
  const stripe = paymentProcessor();
  return inTransaction(ctx, async (tx) => {
    const { policy } = await lockPolicyInScope(tx.db, tx.actor, input.policy_id);
    if (!["PENDING_PAYMENT", "ACTIVE", "IN_ARREARS", "PAID_FAILED"].includes(policy.status)) {
      throw new ConflictError(`a ${policy.status} policy cannot be subscribed`);
    }
    const [current] = await tx.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.policyId, policy.id), ne(subscriptions.status, "CANCELED")));
    if (current) throw new ConflictError("the policy already has a subscription; cancel it first");

    const customer = await ensureProcessorCustomer(tx, policy.clientId);
    // Attaching a test card (pm_card_visa) gives a new payment method id: bill the one attached.
    const attached = await callProcessor(() =>
      stripe.paymentMethods.attach(input.processor_payment_method_id, { customer }),
    );
    await callProcessor(() =>
      stripe.customers.update(customer, { invoice_settings: { default_payment_method: attached.id } }),
    );
    const product = await processorProductOf(tx.db, policy.planVersionId);
    const [company] = await tx.db.select().from(companies).where(eq(companies.id, policy.companyId));
    const reseller = company.isReseller && company.processorConnectId ? company : null;
    const anchorDay = input.billing_anchor_day ?? Math.min(new Date().getUTCDate(), 28);

    const created = await callProcessor(() =>
      stripe.subscriptions.create(
        {
          customer,
          items: [
            {
              price_data: {
                currency: policy.currency.toLowerCase(),
                product,
                unit_amount: toMinorUnits(policy.finalPrice, policy.currency),
                recurring: { interval: "month" },
              },
            },
          ],
          default_payment_method: attached.id,
          billing_cycle_anchor: Math.floor(nextAnchor(anchorDay).getTime() / 1000),
          payment_behavior: "error_if_incomplete",
          metadata: { policy_id: policy.id },
          ...(reseller
            ? {
                application_fee_percent: Number(reseller.commissionRate),
                transfer_data: { destination: reseller.processorConnectId! },
              }
            : {}),
        },
        { idempotencyKey: `subscription-${policy.id}-${input.processor_payment_method_id}-${anchorDay}` },
      ),
    );
    const [subscription] = await tx.db
      .insert(subscriptions)
      .values({
        policyId: policy.id,
        processorSubscriptionId: created.id,
        status: created.status.toUpperCase(),
        billingAnchorDay: anchorDay,
        currentPeriodEnd: periodEndOf(created),
        cancelAtPeriodEnd: created.cancel_at_period_end,
      })
      .returning();
    await writeAudit(tx, {
      action: "SUBSCRIPTION_CREATED",
      entity: "subscriptions",
      entityId: subscription.id,
      companyId: policy.companyId,
      details: {
        policy_id: policy.id,
        processor_subscription_id: created.id,
        billing_anchor_day: anchorDay,
        reseller: Boolean(reseller),
      },
    });
    return toSubscriptionResponse(subscription);
  });
}

/**
 * POST /payments/subscription/cancel. Immediately: cancelled at the processor now and the policy
 * CANCELLED. At period end: the processor is told to stop renewing; the policy stays as it is until
 * customer.subscription.deleted arrives.
 */
export async function cancelSubscription({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { policy_id: string; cancel_immediately: boolean };
}) {
  assertCan(ctx.actor, "payments:manage");
  const stripe = paymentProcessor();
  return inTransaction(ctx, async (tx) => {
    const { policy } = await lockPolicyInScope(tx.db, tx.actor, input.policy_id);
    const [subscription] = await tx.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.policyId, policy.id), ne(subscriptions.status, "CANCELED")))
      .orderBy(desc(subscriptions.createdAt))
      .for("update");
    if (!subscription) throw new NotFoundError("subscription");
    const remote = input.cancel_immediately
      ? await callProcessor(() => stripe.subscriptions.cancel(subscription.processorSubscriptionId))
      : await callProcessor(() =>
          stripe.subscriptions.update(subscription.processorSubscriptionId, { cancel_at_period_end: true }),
        );
    const [updated] = await tx.db
      .update(subscriptions)
      .set({
        status: remote.status.toUpperCase(),
        cancelAtPeriodEnd: remote.cancel_at_period_end,
        currentPeriodEnd: periodEndOf(remote),
        updatedAt: new Date(),
      })
      .where(eq(subscriptions.id, subscription.id))
      .returning();
    if (input.cancel_immediately && policy.status !== "CANCELLED" && policy.status !== "EXPIRED") {
      await movePolicy(tx, {
        policyId: policy.id,
        to: "CANCELLED",
        reason: "subscription cancelled immediately",
        trigger: "manual",
      });
    }
    await writeAudit(tx, {
      action: "SUBSCRIPTION_CANCELLED",
      entity: "subscriptions",
      entityId: subscription.id,
      companyId: policy.companyId,
      details: { policy_id: policy.id, cancel_immediately: input.cancel_immediately },
    });
    return { subscription: toSubscriptionResponse(updated), policy: await getPolicy({ ctx: tx, policyId: policy.id }) };
  });
}
