import { eq } from "drizzle-orm";
import { transactions } from "@/db/schema";
import { actorLabel, assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { assertPayable, ensureProcessorCustomer, getPolicyOrThrow, toTransactionResponse } from "./internal";
import { createProcessorIntent, paymentProcessor } from "./processor";
import { transactionStart } from "./state-machine";

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
    assertPayable(policy);
    const customerId = await ensureProcessorCustomer(tx, policy.clientId);
    const [transaction] = await tx.db
      .insert(transactions)
      .values({
        policyId: policy.id,
        kind: "INTENT",
        status: transactionStart("INTENT"),
        amount: policy.finalPrice,
        currency: policy.currency,
        createdBy: actorLabel(tx.actor),
      })
      .returning();
    const intent = await createProcessorIntent(policy, transaction, {
      customerId,
      paymentMethodId: input.payment_method_id,
      savePaymentMethod: input.save_payment_method,
    });
    const [updated] = await tx.db
      .update(transactions)
      .set({ processorPaymentIntentId: intent.id, updatedAt: new Date() })
      .where(eq(transactions.id, transaction.id))
      .returning();
    return { ...toTransactionResponse(updated), client_secret: intent.client_secret ?? "" };
  });
}
