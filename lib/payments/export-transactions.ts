import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { EXPORT_BATCH_ROWS, exportSource } from "@/lib/exports/stream";
import { listTransactions } from "./list-transactions";
import { TransactionResponse, type ListTransactionsQuery } from "./schemas";

/** GET /payments/transactions?format=: every transaction the list would show, for a file. */
export function exportTransactions({ ctx, query }: { ctx: ServiceContext; query: ListTransactionsQuery }) {
  assertCan(ctx.actor, "payments:read");
  return exportSource("transactions", TransactionResponse, (cursor) =>
    listTransactions({ ctx, query: { ...query, cursor, limit: EXPORT_BATCH_ROWS }, batch: true }),
  );
}
