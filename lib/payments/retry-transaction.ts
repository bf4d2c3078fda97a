import { eq } from "drizzle-orm";
import { transactions } from "@/db/schema";
import { actorLabel, assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { BusinessRuleError } from "@/lib/errors";
import { enqueueNotification } from "@/lib/notifications/enqueue-notification";
import { clientLanguage } from "@/lib/notifications/language";
import { writeAudit } from "@/lib/operations/audit";
import { ensureProcessorCustomer, getTransactionOrThrow } from "./internal";
import { createProcessorIntent, paymentProcessor } from "./processor";
import { assertTransactionMove, MAX_PAYMENT_ATTEMPTS } from "./state-machine";

export const RETRY_LIMIT_DETAIL = "maximum retry attempts reached; the client has been notified";

/**
 * POST /payments/transactions/{id}/retry. Only a FAILED transaction (409). Below the limit, a new intent
 * at the processor: attempt_count + 1, PENDING again. At the limit the client is asked, by e-mail and by
 * messaging app, to update the payment method (once per transaction), and the call answers 422: the
 * notices are committed before the refusal, so they are not rolled back with it.
 */
export async function retryTransaction({ ctx, transactionId }: { ctx: ServiceContext; transactionId: string }) {
  assertCan(ctx.actor, "payments:write");
  const outcome = await inTransaction(ctx, async (tx) => {
    const { transaction, policy, client } = await getTransactionOrThrow(tx, transactionId, { forUpdate: true });
    assertTransactionMove(transaction.status, "PENDING", "retry");
    if (transaction.attemptCount >= MAX_PAYMENT_ATTEMPTS) {
      const payload = {
        name: client.firstName,
        policy_number: policy.policyNumber,
        amount: transaction.amount,
        currency: transaction.currency,
      };
      const notice = {
        template: "payment.retry_limit",
        language: clientLanguage(client),
        payload,
        companyId: policy.companyId,
        dedupeKey: undefined as string | undefined,
      };
      await enqueueNotification(tx, {
        ...notice,
        channel: "EMAIL",
        recipient: client.email,
        dedupeKey: `retry-limit:${transaction.id}:email`,
      });
      // No phone on record: the message is still recorded, and its delivery says why it could not go.
      await enqueueNotification(tx, {
        ...notice,
        channel: "MESSAGING",
        recipient: client.phoneE164 ?? "",
        dedupeKey: `retry-limit:${transaction.id}:messaging`,
      });
      await writeAudit(tx, {
        action: "PAYMENT_RETRY_LIMIT_REACHED",
        entity: "transactions",
        entityId: transaction.id,
        companyId: policy.companyId,
      });
      return { limitReached: true as const };
    }
    paymentProcessor();
    const customerId = await ensureProcessorCustomer(tx, policy.clientId);
    const [retried] = await tx.db
      .update(transactions)
      .set({
        status: "PENDING",
        attemptCount: transaction.attemptCount + 1,
        failureMessage: null,
        updatedAt: new Date(),
      })
      .where(eq(transactions.id, transaction.id))
      .returning();
    const intent = await createProcessorIntent(policy, retried, { customerId });
    await tx.db
      .update(transactions)
      .set({ processorPaymentIntentId: intent.id })
      .where(eq(transactions.id, transaction.id));
    await writeAudit(tx, {
      action: "PAYMENT_RETRIED",
      entity: "transactions",
      entityId: transaction.id,
      companyId: policy.companyId,
      details: { attempt_count: retried.attemptCount, by: actorLabel(tx.actor) },
    });
    return {
      limitReached: false as const,
      response: {
        transaction_id: transaction.id,
        attempt_count: retried.attemptCount,
        status: retried.status,
        message: `a new charge was started (attempt ${retried.attemptCount} of ${MAX_PAYMENT_ATTEMPTS})`,
        client_secret: intent.client_secret ?? "",
      },
    };
  });
  if (outcome.limitReached) throw new BusinessRuleError(RETRY_LIMIT_DETAIL);
  return outcome.response;
}
