import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { paymentsOperations } from "@/lib/payments/operations";
import { listTransactions } from "@/lib/payments/transactions";

// GET /api/v1/payments/transactions - transactions in scope
export const GET = withApi(paymentsOperations.listTransactions, async ({ ctx, query }) =>
  json(await listTransactions({ ctx, query })),
);
