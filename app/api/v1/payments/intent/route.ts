import { created } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { createPaymentIntent } from "@/lib/payments/create-payment-intent";
import { paymentsEndpoints } from "@/lib/payments/endpoints";

// POST /api/v1/payments/intent - start a card payment
export const POST = withApi(paymentsEndpoints.createIntent, async ({ ctx, body }) =>
  created(await createPaymentIntent({ ctx, input: body })),
);
