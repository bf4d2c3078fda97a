import { created } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { createPaymentIntent } from "@/lib/payments/intents";
import { paymentsOperations } from "@/lib/payments/operations";

// POST /api/v1/payments/intent - start a card payment
export const POST = withApi(paymentsOperations.createIntent, async ({ ctx, body }) =>
  created(await createPaymentIntent({ ctx, input: body })),
);
