import { transactions } from "@/db/schema";
import { actorLabel, assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { assertPayable, premiumTermsOf } from "@/lib/emission/account/internal";
import { receivePayment } from "@/lib/emission/account/receive-premium";
import { todayUtc } from "@/lib/emission/dates";
import { getPolicy } from "@/lib/emission/get-policy";
import { BusinessRuleError } from "@/lib/errors";
import { fitsCurrency } from "@/lib/money";
import { writeAudit } from "@/lib/operations/audit";
import { parseDateTime } from "@/lib/schemas";
import { getPolicyOrThrow, toTransactionResponse } from "./internal";
import { transactionStart } from "./state-machine";

/**
 * POST /payments/manual: money received outside the processor (cash, transfer). The transaction is PAID
 * at once and its money goes into the policy's account (lifecycle.md section 3): credit, premiums taken,
 * the paid-to date, and the move they earn (ACTIVE, out of arrears, reinstated).
 */
export async function recordManualPayment({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { policy_id: string; amount: string; currency?: string; reference?: string; paid_at?: string };
}) {
  assertCan(ctx.actor, "payments:manage");
  return inTransaction(ctx, async (tx) => {
    const { policy } = await getPolicyOrThrow(tx, input.policy_id, { forUpdate: true });
    assertPayable(policy, await premiumTermsOf(tx.db, policy));
    const currency = input.currency ?? policy.currency;
    if (currency !== policy.currency) {
      throw new BusinessRuleError(`the policy is paid in ${policy.currency}, not ${currency}`, [
        { path: "currency", message: `must be ${policy.currency}`, code: "wrong_currency" },
      ]);
    }
    // Money received in a zero-decimal currency (CLP, PYG, JPY...) is whole (trust.md section 7).
    if (!fitsCurrency(input.amount, currency)) {
      throw new BusinessRuleError(`${currency} has no decimals: ${input.amount} cannot have been received`, [
        { path: "amount", message: `must be a whole amount of ${currency}`, code: "not_whole_amount" },
      ]);
    }
    const [transaction] = await tx.db
      .insert(transactions)
      .values({
        policyId: policy.id,
        kind: "MANUAL",
        status: transactionStart("MANUAL"),
        amount: input.amount,
        currency,
        reference: input.reference ?? null,
        paidAt: input.paid_at ? parseDateTime(input.paid_at) : new Date(),
        createdBy: actorLabel(tx.actor),
      })
      .returning();
    await writeAudit(tx, {
      action: "PAYMENT_RECORDED",
      entity: "transactions",
      entityId: transaction.id,
      companyId: policy.companyId,
      details: { policy_id: policy.id, amount: transaction.amount, currency, reference: transaction.reference },
    });
    await receivePayment(tx, policy, {
      amount: transaction.amount,
      date: todayUtc(transaction.paidAt ?? new Date()),
      transactionId: transaction.id,
      reference: transaction.reference,
      reason: "manual payment received",
    });
    return {
      transaction: toTransactionResponse(transaction),
      policy: await getPolicy({ ctx: tx, policyId: policy.id }),
    };
  });
}
