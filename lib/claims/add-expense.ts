import { claimExpenses } from "@/db/schema";
import { actorLabel, assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { ConflictError } from "@/lib/errors";
import { writeAudit } from "@/lib/operations/audit";
import { getClaimOrThrow, toClaimExpenseResponse } from "./internal";
import type { CreateExpenseInput } from "./schemas";
import { acceptsExpenses } from "./state-machine";

/** POST /claims/{id}/expenses: only while the claim is neither CLOSED nor REJECTED (409). */
export async function addExpense({
  ctx,
  claimId,
  input,
}: {
  ctx: ServiceContext;
  claimId: string;
  input: CreateExpenseInput;
}) {
  assertCan(ctx.actor, "claims:write");
  return inTransaction(ctx, async (tx) => {
    // Locked, so an expense and a closing move of the same claim never cross.
    const claim = await getClaimOrThrow(tx, claimId, { forUpdate: true });
    if (!acceptsExpenses(claim.status)) throw new ConflictError(`no expenses can be added to a ${claim.status} claim`);
    const [expense] = await tx.db
      .insert(claimExpenses)
      .values({
        claimId: claim.id,
        amount: input.amount,
        currency: input.currency,
        expenseType: input.expense_type,
        receiptUrl: input.receipt_url ?? null,
        createdBy: actorLabel(tx.actor),
      })
      .returning();
    await writeAudit(tx, {
      action: "CLAIM_EXPENSE_ADDED",
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
    return toClaimExpenseResponse(expense);
  });
}
