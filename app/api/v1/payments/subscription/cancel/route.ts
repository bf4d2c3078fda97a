import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { paymentsOperations } from "@/lib/payments/operations";
import { cancelSubscription } from "@/lib/payments/subscriptions";

// POST /api/v1/payments/subscription/cancel - cancel now or at period end
export const POST = withApi(paymentsOperations.cancelSubscription, async ({ ctx, body }) =>
  json(await cancelSubscription({ ctx, input: body })),
);
