import { eq } from "drizzle-orm";
import { transactions, type Transaction } from "@/db/schema";
import { actorLabel, assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import type { Policy } from "@/db/schema";
import { ensureProcessorCustomer } from "./customers";
import { assertPayable, lockPolicyInScope, toTransactionResponse } from "./internal";
import { callProcessor, paymentProcessor, toMinorUnits } from "./processor";

/** Creates the processor's payment intent for a transaction; every intent names its policy in metadata. */
export async function createProcessorIntent(
  policy: Policy,
  transaction: Transaction,
  options: { customerId: string; paymentMethodId?: string; savePaymentMethod?: boolean },
) {
  return callProcessor(() =>
    paymentProcessor().paymentIntents.create(
      {
        amount: toMinorUnits(transaction.amount, transaction.currency),
        currency: transaction.currency.toLowerCase(),
        customer: options.customerId,
        ...(options.paymentMethodId ? { payment_method: options.paymentMethodId } : {}),
        ...(options.savePaymentMethod ? { setup_future_usage: "off_session" as const } : {}),
        automatic_payment_methods: { enabled: true },
        description: `Premium of policy ${policy.policyNumber}`,
        metadata: { policy_id: policy.id, transaction_id: transaction.id },
      },
      // One intent per transaction and attempt, even when the request is sent again.
      { idempotencyKey: `intent-${transaction.id}-${transaction.attemptCount}` },
    ),
  );
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
    const { policy } = await lockPolicyInScope(tx.db, tx.actor, input.policy_id);
    assertPayable(policy);
    const customerId = await ensureProcessorCustomer(tx, policy.clientId);
    const [transaction] = await tx.db
      .insert(transactions)
      .values({
        policyId: policy.id,
        kind: "INTENT",
        status: "PENDING",
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
