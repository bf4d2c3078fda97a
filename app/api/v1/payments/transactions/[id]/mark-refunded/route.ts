import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { lifecycleEndpoints } from "@/lib/lifecycle/endpoints";
import { markRefunded } from "@/lib/payments/mark-refunded";

// POST /api/v1/payments/transactions/{id}/mark-refunded - a pending refund has been paid back
export const POST = withApi(lifecycleEndpoints.markRefunded, async ({ ctx, params, body }) =>
  json(await markRefunded({ ctx, transactionId: params.id, input: body })),
);
