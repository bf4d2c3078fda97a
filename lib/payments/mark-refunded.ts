import { eq } from "drizzle-orm";
import { transactions } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { ConflictError } from "@/lib/errors";
import { writeAudit } from "@/lib/operations/audit";
import { getTransactionOrThrow, toTransactionResponse } from "./internal";
import { assertTransactionMove } from "./state-machine";

/**
 * POST /payments/transactions/{id}/mark-refunded: the money of a PENDING refund has gone back to the
 * client outside the system (lifecycle.md section 8); the refund becomes PAID and counts in the totals.
 */
export async function markRefunded({
  ctx,
  transactionId,
  input,
}: {
  ctx: ServiceContext;
  transactionId: string;
  input: { reference?: string };
}) {
  assertCan(ctx.actor, "payments:manage");
  return inTransaction(ctx, async (tx) => {
    const { transaction, policy } = await getTransactionOrThrow(tx, transactionId, { forUpdate: true });
    if (transaction.kind !== "REFUND")
      throw new ConflictError(`only a refund can be marked refunded; this transaction is ${transaction.kind}`);
    assertTransactionMove(transaction.status, "PAID", "mark_refunded");
    const [updated] = await tx.db
      .update(transactions)
      .set({
        status: "PAID",
        paidAt: new Date(),
        reference: input.reference ?? transaction.reference,
        updatedAt: new Date(),
      })
      .where(eq(transactions.id, transaction.id))
      .returning();
    await writeAudit(tx, {
      action: "REFUND_MARKED_PAID",
      entity: "transactions",
      entityId: transaction.id,
      companyId: policy.companyId,
      details: {
        policy_id: policy.id,
        amount: updated.amount,
        currency: updated.currency,
        reference: updated.reference,
      },
    });
    return toTransactionResponse(updated);
  });
}
