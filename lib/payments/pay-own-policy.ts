import { and, eq, inArray } from "drizzle-orm";
import { policies } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { accountSummary } from "@/lib/emission/account/get-account";
import { assertPayable, premiumTermsOf } from "@/lib/emission/account/internal";
import { todayUtc } from "@/lib/emission/dates";
import { ownClientIds } from "@/lib/emission/internal";
import { NotFoundError } from "@/lib/errors";
import { money } from "@/lib/money";
import { startCardPayment } from "./create-payment-intent";
import { paymentProcessor } from "./processor";

/**
 * POST /portal/policies/{id}/pay (lifecycle.md section 10): a client pays its own policy by card. The
 * intent is for what is due today (the arrears amount), or one premium when nothing is due (paying ahead).
 * Any other client's policy, or one the caller sees by another permission, is 404.
 */
export async function payOwnPolicy({ ctx, policyId }: { ctx: ServiceContext; policyId: string }) {
  assertCan(ctx.actor, "portal:read");
  paymentProcessor();
  return inTransaction(ctx, async (tx) => {
    const [policy] = await tx.db
      .select()
      .from(policies)
      .where(and(eq(policies.id, policyId), inArray(policies.clientId, ownClientIds(tx.actor))))
      .for("update");
    if (!policy) throw new NotFoundError("policy");
    const terms = await premiumTermsOf(tx.db, policy);
    const today = todayUtc();
    assertPayable(policy, terms, today);
    const { arrears_amount: arrears, premium } = accountSummary(policy, terms, today);
    const amount = money(arrears).gt(0) ? arrears : premium;
    const { transaction, clientSecret } = await startCardPayment(tx, policy, amount);
    return { client_secret: clientSecret, amount: transaction.amount, currency: transaction.currency };
  });
}
