import { created } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { paymentsEndpoints } from "@/lib/payments/endpoints";
import { createSubscription } from "@/lib/payments/create-subscription";

// POST /api/v1/payments/subscription - bill the premium monthly to a card
export const POST = withApi(paymentsEndpoints.createSubscription, async ({ ctx, body }) =>
  created(await createSubscription({ ctx, input: body })),
);
