import { eq } from "drizzle-orm";
import { claimCorrections, claimExpenses } from "@/db/schema";
import { actorLabel, assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { BusinessRuleError } from "@/lib/errors";
import { formatMoney } from "@/lib/money";
import { writeAudit } from "@/lib/operations/audit";
import { assertCorrectable, currencyTotals } from "./corrections";
import { correctionsOf, getClaimExpenseOrThrow, getClaimOrThrow, toClaimExpenseResponse } from "./internal";
import type { ClaimExpenseResponse, CorrectionInput } from "./schemas";

/**
 * POST /claims/{id}/expenses/{expense_id}/corrections (docs/claims.md, "Decided claims"): the one way to
 * change an expense's amount once the claim is decided. The correction keeps the amount it replaces, who
 * made it and why, and writes CLAIM_EXPENSE_CORRECTED; the expense takes the new amount (0 cancels it).
 * Not on a CLOSED claim (409 `claim_closed`); the expenses of the currency may not fall below what was
 * paid out in it (422 `expenses_below_payouts`).
 */
export async function correctExpense({
  ctx,
  claimId,
  expenseId,
  input,
}: {
  ctx: ServiceContext;
  claimId: string;
  expenseId: string;
  input: CorrectionInput;
}): Promise<ClaimExpenseResponse> {
  assertCan(ctx.actor, "claims:manage");
  return inTransaction(ctx, async (tx) => {
    // The claim row first, as payouts take it: a correction and a payout of the same claim take turns.
    const claim = await getClaimOrThrow(tx, claimId, { forUpdate: true });
    const expense = await getClaimExpenseOrThrow(tx, claim, expenseId, { forUpdate: true });
    assertCorrectable(claim.status, expense.amount, input.amount);
    const { expensed, paidOut } = await currencyTotals(tx.db, claim.id, expense.currency);
    const after = expensed.minus(expense.amount).plus(input.amount);
    if (after.lessThan(paidOut)) {
      const message = `the expenses in ${expense.currency} would come to ${formatMoney(after)}, less than the ${formatMoney(paidOut)} already paid out in ${expense.currency}`;
      throw new BusinessRuleError(`the correction leaves less in expenses than was paid out: ${message}`, [
        { path: "amount", message, code: "expenses_below_payouts" },
      ]);
    }
    await tx.db.insert(claimCorrections).values({
      claimId: claim.id,
      expenseId: expense.id,
      previousAmount: expense.amount,
      amount: input.amount,
      reason: input.reason,
      correctedBy: actorLabel(tx.actor),
    });
    const [corrected] = await tx.db
      .update(claimExpenses)
      .set({ amount: input.amount })
      .where(eq(claimExpenses.id, expense.id))
      .returning();
    await writeAudit(tx, {
      action: "CLAIM_EXPENSE_CORRECTED",
      entity: "claims",
      entityId: claim.id,
      companyId: claim.companyId,
      details: {
        expense_id: expense.id,
        claim_status: claim.status,
        previous_amount: expense.amount,
        amount: corrected.amount,
        currency: expense.currency,
        reason: input.reason,
      },
    });
    return toClaimExpenseResponse(corrected, await correctionsOf(tx.db, { expenseId: expense.id }));
  });
}
