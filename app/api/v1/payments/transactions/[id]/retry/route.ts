import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { paymentsEndpoints } from "@/lib/payments/endpoints";
import { retryTransaction } from "@/lib/payments/retry-transaction";

// POST /api/v1/payments/transactions/{id}/retry - charge a failed transaction again
export const POST = withApi(paymentsEndpoints.retryTransaction, async ({ ctx, params }) =>
  json(await retryTransaction({ ctx, transactionId: params.id })),
);
