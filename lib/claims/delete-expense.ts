import { eq } from "drizzle-orm";
import { claimExpenses } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { writeAudit } from "@/lib/operations/audit";
import { getClaimExpenseOrThrow, getClaimOrThrow } from "./internal";
import { assertExpensesEditable } from "./state-machine";

/**
 * DELETE /claims/{id}/expenses/{expense_id}: removes an expense entered by mistake while the claim is
 * undecided; on a decided claim 409 `claim_decided` (a correction to 0 cancels it and keeps it visible).
 * Audited CLAIM_EXPENSE_DELETED with what was removed.
 */
export async function deleteExpense({
  ctx,
  claimId,
  expenseId,
}: {
  ctx: ServiceContext;
  claimId: string;
  expenseId: string;
}): Promise<void> {
  assertCan(ctx.actor, "claims:write");
  await inTransaction(ctx, async (tx) => {
    const claim = await getClaimOrThrow(tx, claimId, { forUpdate: true });
    const expense = await getClaimExpenseOrThrow(tx, claim, expenseId, { forUpdate: true });
    assertExpensesEditable(claim.status);
    await tx.db.delete(claimExpenses).where(eq(claimExpenses.id, expense.id));
    await writeAudit(tx, {
      action: "CLAIM_EXPENSE_DELETED",
      entity: "claims",
      entityId: claim.id,
      companyId: claim.companyId,
      details: {
        expense_id: expense.id,
        amount: expense.amount,
        currency: expense.currency,
        expense_type: expense.expenseType,
      },
    });
  });
}
