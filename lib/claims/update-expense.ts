import { eq } from "drizzle-orm";
import { claimExpenses, type ClaimExpense } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { writeAudit } from "@/lib/operations/audit";
import { getClaimExpenseOrThrow, getClaimOrThrow, toClaimExpenseResponse } from "./internal";
import type { ClaimExpenseResponse, UpdateExpenseInput } from "./schemas";
import { assertExpensesEditable } from "./state-machine";

/** The fields PATCH .../expenses/{expense_id} changes, with their columns. */
const FIELDS = {
  amount: "amount",
  currency: "currency",
  expense_type: "expenseType",
  receipt_url: "receiptUrl",
} as const satisfies Record<keyof UpdateExpenseInput, keyof ClaimExpense>;

type Field = keyof typeof FIELDS;

/**
 * PATCH /claims/{id}/expenses/{expense_id}: fixes an expense while the claim is undecided (PENDING or
 * IN_REVIEW); on a decided claim 409 `claim_decided`, and the amount changes only by a correction
 * (correctExpense). Audited CLAIM_EXPENSE_UPDATED with the values before and after.
 */
export async function updateExpense({
  ctx,
  claimId,
  expenseId,
  input,
}: {
  ctx: ServiceContext;
  claimId: string;
  expenseId: string;
  input: UpdateExpenseInput;
}): Promise<ClaimExpenseResponse> {
  assertCan(ctx.actor, "claims:write");
  // An empty body never gets here: the schema answers 422 no_changes (withSomeChange).
  const given = (Object.keys(FIELDS) as Field[]).filter((field) => input[field] !== undefined);
  return inTransaction(ctx, async (tx) => {
    // The claim row is locked, so the edit and a move to APPROVED never cross.
    const claim = await getClaimOrThrow(tx, claimId, { forUpdate: true });
    const expense = await getClaimExpenseOrThrow(tx, claim, expenseId, { forUpdate: true });
    assertExpensesEditable(claim.status);
    const changed = given.filter((field) => input[field] !== expense[FIELDS[field]]);
    if (changed.length === 0) return toClaimExpenseResponse(expense);
    const set = Object.fromEntries(changed.map((field) => [FIELDS[field], input[field]])) as Partial<ClaimExpense>;
    const [updated] = await tx.db.update(claimExpenses).set(set).where(eq(claimExpenses.id, expense.id)).returning();
    await writeAudit(tx, {
      action: "CLAIM_EXPENSE_UPDATED",
      entity: "claims",
      entityId: claim.id,
      companyId: claim.companyId,
      details: {
        expense_id: expense.id,
        before: Object.fromEntries(changed.map((field) => [field, expense[FIELDS[field]]])),
        after: Object.fromEntries(changed.map((field) => [field, updated[FIELDS[field]]])),
      },
    });
    return toClaimExpenseResponse(updated);
  });
}
