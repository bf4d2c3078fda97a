import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { paymentsOperations } from "@/lib/payments/operations";
import { retryTransaction } from "@/lib/payments/transactions";

// POST /api/v1/payments/transactions/{id}/retry - charge a failed transaction again
export const POST = withApi(paymentsOperations.retryTransaction, async ({ ctx, params }) =>
  json(await retryTransaction({ ctx, transactionId: params.id })),
);
