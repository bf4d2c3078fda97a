import { and, desc, eq } from "drizzle-orm";
import { policies, transactions } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { scopeFilter } from "@/lib/auth/scope-filter";
import type { ServiceContext } from "@/lib/context";
import { toTransactionResponse } from "./internal";
import type { ListTransactionsQuery } from "./schemas";

/** GET /payments/transactions: newest first, a bare list with limit/offset (contract section 1). */
export async function listTransactions({ ctx, query }: { ctx: ServiceContext; query: ListTransactionsQuery }) {
  assertCan(ctx.actor, "payments:read");
  const rows = await ctx.db
    .select({ transaction: transactions })
    .from(transactions)
    .innerJoin(policies, eq(policies.id, transactions.policyId))
    .where(
      and(
        scopeFilter(ctx.actor, policies),
        query.policy_id ? eq(transactions.policyId, query.policy_id) : undefined,
        query.status ? eq(transactions.status, query.status) : undefined,
      ),
    )
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(query.limit)
    .offset(query.offset);
  return rows.map((row) => toTransactionResponse(row.transaction));
}
