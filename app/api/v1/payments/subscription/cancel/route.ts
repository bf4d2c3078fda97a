import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { paymentsEndpoints } from "@/lib/payments/endpoints";
import { cancelSubscription } from "@/lib/payments/cancel-subscription";

// POST /api/v1/payments/subscription/cancel - cancel now or at period end
export const POST = withApi(paymentsEndpoints.cancelSubscription, async ({ ctx, body }) =>
  json(await cancelSubscription({ ctx, input: body })),
);
