import { json } from "@/lib/http/responses";
import { MAX_JSON_BYTES, readLimited, withApi } from "@/lib/http/with-api";
import { paymentsOperations } from "@/lib/payments/operations";
import { receiveProcessorEvent } from "@/lib/payments/webhook";

// POST /api/v1/payments/webhook - processor events, checked by signature over the raw body
export const POST = withApi(paymentsOperations.webhook, async ({ ctx, req }) =>
  json(
    await receiveProcessorEvent({
      ctx,
      payload: await readLimited(req, MAX_JSON_BYTES),
      signature: req.headers.get("stripe-signature"),
    }),
  ),
);
