import { eq } from "drizzle-orm";
import { transactions, type Policy } from "@/db/schema";
import { actorLabel, assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { assertPayable, premiumTermsOf } from "@/lib/emission/account/internal";
import { ensureProcessorCustomer, getPolicyOrThrow, toTransactionResponse } from "./internal";
import { createProcessorIntent, paymentProcessor } from "./processor";
import { transactionStart } from "./state-machine";

/**
 * A PENDING transaction of `amount` for the policy and the processor's intent for it, whose client_secret
 * the client application confirms. The caller holds the policy's lock and has checked it takes a payment.
 */
export async function startCardPayment(
  tx: ServiceContext,
  policy: Policy,
  amount: string,
  options: { paymentMethodId?: string; savePaymentMethod?: boolean } = {},
) {
  const customerId = await ensureProcessorCustomer(tx, policy.clientId);
  const [transaction] = await tx.db
    .insert(transactions)
    .values({
      policyId: policy.id,
      kind: "INTENT",
      status: transactionStart("INTENT"),
      amount,
      currency: policy.currency,
      createdBy: actorLabel(tx.actor),
    })
    .returning();
  const intent = await createProcessorIntent(policy, transaction, { customerId, ...options });
  const [updated] = await tx.db
    .update(transactions)
    .set({ processorPaymentIntentId: intent.id, updatedAt: new Date() })
    .where(eq(transactions.id, transaction.id))
    .returning();
  return { transaction: updated, clientSecret: intent.client_secret ?? "" };
}

/**
 * POST /payments/intent: a PENDING transaction for the policy's premium and the processor's intent the
 * client application confirms (3-D Secure included) with its client_secret.
 */
export async function createPaymentIntent({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { policy_id: string; payment_method_id?: string; save_payment_method: boolean };
}) {
  assertCan(ctx.actor, "payments:write");
  paymentProcessor();
  return inTransaction(ctx, async (tx) => {
    const { policy } = await getPolicyOrThrow(tx, input.policy_id, { forUpdate: true });
    assertPayable(policy, await premiumTermsOf(tx.db, policy));
    const { transaction, clientSecret } = await startCardPayment(tx, policy, policy.finalPrice, {
      paymentMethodId: input.payment_method_id,
      savePaymentMethod: input.save_payment_method,
    });
    return { ...toTransactionResponse(transaction), client_secret: clientSecret };
  });
}
