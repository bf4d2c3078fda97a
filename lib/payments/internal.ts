import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import {
  clients,
  companies,
  policies,
  transactions,
  type Client,
  type Policy,
  type Subscription,
  type Transaction,
} from "@/db/schema";
import { scopeFilter } from "@/lib/auth/scope-filter";
import type { ServiceContext } from "@/lib/context";
import { NotFoundError } from "@/lib/errors";
import { callProcessor, paymentProcessor } from "./processor";
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

export function toSubscriptionResponse(subscription: Subscription) {
  return {
    id: subscription.id,
    policy_id: subscription.policyId,
    processor_subscription_id: subscription.processorSubscriptionId,
    status: subscription.status,
    billing_anchor_day: subscription.billingAnchorDay,
    current_period_end: subscription.currentPeriodEnd?.toISOString() ?? null,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
  };
}

/**
 * A policy in the caller's scope with its client; 404 otherwise. `forUpdate` locks the policy for the
 * payment being taken.
 */
export async function getPolicyOrThrow(
  ctx: ServiceContext,
  policyId: string,
  options: { forUpdate?: boolean } = {},
): Promise<{ policy: Policy; client: Client }> {
  const query = ctx.db
    .select({ policy: policies, client: clients })
    .from(policies)
    .innerJoin(clients, eq(clients.id, policies.clientId))
    .where(and(eq(policies.id, policyId), scopeFilter(ctx.actor, policies)));
  const [row] = options.forUpdate ? await query.for("update", { of: policies }) : await query;
  if (!row) throw new NotFoundError("policy");
  return row;
}

/**
 * A transaction in the caller's scope with its policy and client; 404 otherwise. `forUpdate` locks the
 * transaction.
 */
export async function getTransactionOrThrow(
  ctx: ServiceContext,
  transactionId: string,
  options: { forUpdate?: boolean } = {},
): Promise<{ transaction: Transaction; policy: Policy; client: Client }> {
  const query = ctx.db
    .select({ transaction: transactions, policy: policies, client: clients })
    .from(transactions)
    .innerJoin(policies, eq(policies.id, transactions.policyId))
    .innerJoin(clients, eq(clients.id, policies.clientId))
    .where(and(eq(transactions.id, transactionId), scopeFilter(ctx.actor, policies)));
  const [row] = options.forUpdate ? await query.for("update", { of: transactions }) : await query;
  if (!row) throw new NotFoundError("transaction");
  return row;
}

/**
 * The client's customer at the processor: created the first time and remembered on the client, so a
 * client has one customer whatever pays for it. The client row is locked while this happens, and the
 * processor call carries an idempotency key, so two payments at once still make one customer.
 */
export async function ensureProcessorCustomer(ctx: ServiceContext, clientId: string): Promise<string> {
  const [client] = await ctx.db.select().from(clients).where(eq(clients.id, clientId)).for("update");
  if (client.processorCustomerId) return client.processorCustomerId;
  const customer = await callProcessor(() =>
    paymentProcessor().customers.create(
      { email: client.email, name: `${client.firstName} ${client.lastName}`, metadata: { client_id: client.id } },
      { idempotencyKey: `customer-${client.id}` },
    ),
  );
  await ctx.db
    .update(clients)
    .set({ processorCustomerId: customer.id, updatedAt: new Date() })
    .where(eq(clients.id, client.id));
  return customer.id;
}

/**
 * Records that a connected account finished its onboarding (the processor lets it take charges): from
 * then on only an administrator may open its onboarding again, which decides where payouts go. Kept
 * once set, whatever the account says later. Returns whether a company has the account.
 */
export async function markOnboardingCompleted(db: DbOrTx, accountId: string): Promise<boolean> {
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.processorConnectId, accountId));
  if (!company) return false;
  await db
    .update(companies)
    .set({ processorOnboardingCompletedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(companies.id, company.id), isNull(companies.processorOnboardingCompletedAt)));
  return true;
}
