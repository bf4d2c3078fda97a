import { created } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { paymentsOperations } from "@/lib/payments/operations";
import { createSubscription } from "@/lib/payments/subscriptions";

// POST /api/v1/payments/subscription - bill the premium monthly to a card
export const POST = withApi(paymentsOperations.createSubscription, async ({ ctx, body }) =>
  created(await createSubscription({ ctx, input: body })),
);
