import { eq } from "drizzle-orm";
import { claimCorrections, claimPayouts } from "@/db/schema";
import { actorLabel, assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { BusinessRuleError } from "@/lib/errors";
import { formatMoney } from "@/lib/money";
import { writeAudit } from "@/lib/operations/audit";
import { assertCorrectable, currencyTotals } from "./corrections";
import { correctionsOf, getClaimOrThrow, getClaimPayoutOrThrow, namedPayouts, toPayoutResponse } from "./internal";
import type { ClaimPayoutResponse, CorrectionInput } from "./schemas";

/**
 * POST /claims/{id}/payouts/{payout_id}/corrections (docs/claims.md, "Decided claims"): the one way to
 * change a payout's amount (a payout is only ever on a decided claim). The correction keeps the amount
 * it replaces, who made it and why, and writes CLAIM_PAYOUT_CORRECTED; the payout takes the new amount (0
 * cancels it). Not on a CLOSED claim (409 `claim_closed`); the payouts of the currency may not exceed its
 * expenses (422 `payout_exceeds_expenses`, as when recording one).
 */
export async function correctPayout({
  ctx,
  claimId,
  payoutId,
  input,
}: {
  ctx: ServiceContext;
  claimId: string;
  payoutId: string;
  input: CorrectionInput;
}): Promise<ClaimPayoutResponse> {
  assertCan(ctx.actor, "claims:manage");
  return inTransaction(ctx, async (tx) => {
    const claim = await getClaimOrThrow(tx, claimId, { forUpdate: true });
    const payout = await getClaimPayoutOrThrow(tx, claim, payoutId, { forUpdate: true });
    assertCorrectable(claim.status, payout.amount, input.amount);
    const { expensed, paidOut } = await currencyTotals(tx.db, claim.id, payout.currency);
    const after = paidOut.minus(payout.amount).plus(input.amount);
    if (after.greaterThan(expensed)) {
      const message = `the payouts in ${payout.currency} would come to ${formatMoney(after)}, more than the expenses in ${payout.currency} (${formatMoney(expensed)})`;
      throw new BusinessRuleError(`the correction exceeds the claim's expenses: ${message}`, [
        { path: "amount", message, code: "payout_exceeds_expenses" },
      ]);
    }
    await tx.db.insert(claimCorrections).values({
      claimId: claim.id,
      payoutId: payout.id,
      previousAmount: payout.amount,
      amount: input.amount,
      reason: input.reason,
      correctedBy: actorLabel(tx.actor),
    });
    const [corrected] = await tx.db
      .update(claimPayouts)
      .set({ amount: input.amount })
      .where(eq(claimPayouts.id, payout.id))
      .returning();
    const [named] = await namedPayouts(tx.db, eq(claimPayouts.id, payout.id));
    await writeAudit(tx, {
      action: "CLAIM_PAYOUT_CORRECTED",
      entity: "claims",
      entityId: claim.id,
      companyId: claim.companyId,
      details: {
        payout_id: payout.id,
        claim_status: claim.status,
        previous_amount: payout.amount,
        amount: corrected.amount,
        currency: payout.currency,
        reason: input.reason,
      },
    });
    return toPayoutResponse(named, await correctionsOf(tx.db, { payoutId: payout.id }));
  });
}
