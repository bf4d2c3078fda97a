import { and, eq, ne } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { companies, planVersions, plans, subscriptions } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { ConflictError } from "@/lib/errors";
import { writeAudit } from "@/lib/operations/audit";
import { nextAnchor, periodEndOf } from "./billing-period";
import { ensureProcessorCustomer, getPolicyOrThrow, toSubscriptionResponse } from "./internal";
import { callProcessor, paymentProcessor, toMinorUnits } from "./processor";

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
    const { policy } = await getPolicyOrThrow(tx, input.policy_id, { forUpdate: true });
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
