import { bareList, exported } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { paymentsEndpoints } from "@/lib/payments/endpoints";
import { exportTransactions } from "@/lib/payments/export-transactions";
import { listTransactions } from "@/lib/payments/list-transactions";

// GET /api/v1/payments/transactions - transactions in scope (or every matching row as CSV/XLSX)
export const GET = withApi(paymentsEndpoints.listTransactions, async ({ ctx, query }) =>
  query.format
    ? exported(exportTransactions({ ctx, query }), query.format)
    : bareList(await listTransactions({ ctx, query })),
);
