import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { clients, policies, transactions, type Client, type Policy, type Transaction } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { scopeFilter } from "@/lib/auth/scope-filter";
import type { ServiceContext } from "@/lib/context";
import { movePolicy } from "@/lib/emission/move-policy";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { money } from "@/lib/money";
import { PAYABLE_POLICY_STATUSES } from "./statuses";
import type { TransactionResponse } from "./schemas";

export function toTransactionResponse(transaction: Transaction): TransactionResponse {
  return {
    id: transaction.id,
    policy_id: transaction.policyId,
    kind: transaction.kind,
    status: transaction.status,
    amount: transaction.amount,
    currency: transaction.currency,
    attempt_count: transaction.attemptCount,
    processor_payment_intent_id: transaction.processorPaymentIntentId,
    reference: transaction.reference,
    failure_message: transaction.failureMessage,
    created_at: transaction.createdAt.toISOString(),
    paid_at: transaction.paidAt?.toISOString() ?? null,
  };
}

/** A policy in the caller's scope with its client, locked for the payment being taken; 404 otherwise. */
export async function lockPolicyInScope(
  db: DbOrTx,
  actor: Actor,
  policyId: string,
): Promise<{ policy: Policy; client: Client }> {
  const [row] = await db
    .select({ policy: policies, client: clients })
    .from(policies)
    .innerJoin(clients, eq(clients.id, policies.clientId))
    .where(and(eq(policies.id, policyId), scopeFilter(actor, policies)))
    .for("update", { of: policies });
  if (!row) throw new NotFoundError("policy");
  return row;
}

export function assertPayable(policy: Policy): void {
  if (!(PAYABLE_POLICY_STATUSES as readonly string[]).includes(policy.status)) {
    throw new ConflictError(
      `a ${policy.status} policy takes no payment; only ${PAYABLE_POLICY_STATUSES.join(", ")} policies do`,
    );
  }
}

/**
 * After a payment is recorded: a policy that still owes its premium becomes ACTIVE once its PAID
 * transactions add up to at least its final_price (contract section 7). Returns the policy as it is now.
 */
export async function activateWhenPaidInFull(ctx: ServiceContext, policy: Policy, reason: string): Promise<Policy> {
  if (!(PAYABLE_POLICY_STATUSES as readonly string[]).includes(policy.status)) return policy;
  const [{ paid }] = await ctx.db
    .select({ paid: sql<string>`coalesce(sum(${transactions.amount}), 0)::text` })
    .from(transactions)
    .where(and(eq(transactions.policyId, policy.id), eq(transactions.status, "PAID")));
  if (money(paid).lt(policy.finalPrice)) return policy;
  return movePolicy(ctx, { policyId: policy.id, to: "ACTIVE", reason, trigger: "payment_succeeded" });
}
