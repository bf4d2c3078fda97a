import { and, desc, eq } from "drizzle-orm";
import { policies, transactions } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { scopeFilter } from "@/lib/auth/scope-filter";
import type { ServiceContext } from "@/lib/context";
import { keysetOf, pagingOf } from "@/lib/paging";
import { toTransactionResponse } from "./internal";
import type { ListTransactionsQuery } from "./schemas";

/**
 * GET /payments/transactions: newest first, a bare list with limit/offset (contract section 1) or a cursor;
 * the cursor of the rows after these goes in the Next-Cursor header. `batch` is one read of an export.
 */
export async function listTransactions({
  ctx,
  query,
  batch,
}: {
  ctx: ServiceContext;
  query: ListTransactionsQuery;
  batch?: boolean;
}) {
  assertCan(ctx.actor, "payments:read");
  const paging = pagingOf(
    "transactions",
    { cursor: query.cursor, page_size: query.limit, offset: query.offset },
    { batch },
  );
  const rows = await ctx.db
    .select({ transaction: transactions, keyset: keysetOf(transactions) })
    .from(transactions)
    .innerJoin(policies, eq(policies.id, transactions.policyId))
    .where(
      and(
        scopeFilter(ctx.actor, policies),
        query.policy_id ? eq(transactions.policyId, query.policy_id) : undefined,
        query.status ? eq(transactions.status, query.status) : undefined,
        paging.after(transactions),
      ),
    )
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(paging.limit)
    .offset(paging.offset);
  const page = paging.slice(rows);
  return { items: page.rows.map((row) => toTransactionResponse(row.transaction)), next_cursor: page.next_cursor };
}
