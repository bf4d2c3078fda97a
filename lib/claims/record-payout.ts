import { eq } from "drizzle-orm";
import { claimPayouts } from "@/db/schema";
import { actorLabel, assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { BusinessRuleError, ConflictError } from "@/lib/errors";
import { formatMoney } from "@/lib/money";
import { writeAudit } from "@/lib/operations/audit";
import { currencyTotals } from "./corrections";
import { getClaimOrThrow, namedPayouts, toPayoutResponse } from "./internal";
import type { ClaimPayoutResponse, CreatePayoutInput } from "./schemas";

/**
 * POST /claims/{id}/payouts (claims-cover.md section 5): only on an APPROVED claim (409); the payouts of a
 * currency may not exceed the claim's expenses in that currency (422), a currency without expenses
 * included. The claim row is locked first, so two payouts sent at once are judged one after the other.
 */
export async function recordPayout({
  ctx,
  claimId,
  input,
}: {
  ctx: ServiceContext;
  claimId: string;
  input: CreatePayoutInput;
}): Promise<ClaimPayoutResponse> {
  assertCan(ctx.actor, "claims:manage");
  return inTransaction(ctx, async (tx) => {
    const claim = await getClaimOrThrow(tx, claimId, { forUpdate: true });
    if (claim.status !== "APPROVED")
      throw new ConflictError(`payouts are recorded only on an APPROVED claim; this one is ${claim.status}`);
    const { expensed, paidOut } = await currencyTotals(tx.db, claim.id, input.currency);
    const after = paidOut.plus(input.amount);
    if (after.greaterThan(expensed)) {
      const message = `the payouts in ${input.currency} would come to ${formatMoney(after)}, more than the expenses in ${input.currency} (${formatMoney(expensed)})`;
      throw new BusinessRuleError(`the payout exceeds the claim's expenses: ${message}`, [
        { path: "amount", message, code: "payout_exceeds_expenses" },
      ]);
    }
    const [payout] = await tx.db
      .insert(claimPayouts)
      .values({
        claimId: claim.id,
        payeeType: input.payee_type,
        payeeName: input.payee_name,
        amount: input.amount,
        currency: input.currency,
        method: input.method,
        reference: input.reference ?? null,
        createdBy: actorLabel(tx.actor),
      })
      .returning();
    await writeAudit(tx, {
      action: "CLAIM_PAYOUT_RECORDED",
      entity: "claims",
      entityId: claim.id,
      companyId: claim.companyId,
      details: {
        payout_id: payout.id,
        payee_type: payout.payeeType,
        payee_name: payout.payeeName,
        amount: payout.amount,
        currency: payout.currency,
        method: payout.method,
        reference: payout.reference,
      },
    });
    const [named] = await namedPayouts(tx.db, eq(claimPayouts.id, payout.id));
    return toPayoutResponse(named);
  });
}
