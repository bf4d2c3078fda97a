import { bareList } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { paymentsEndpoints } from "@/lib/payments/endpoints";
import { listTransactions } from "@/lib/payments/list-transactions";

// GET /api/v1/payments/transactions - transactions in scope
export const GET = withApi(paymentsEndpoints.listTransactions, async ({ ctx, query }) =>
  bareList(await listTransactions({ ctx, query })),
);
