import { json } from "@/lib/http/responses";
import { MAX_JSON_BYTES, readLimited, withApi } from "@/lib/http/with-api";
import { paymentsEndpoints } from "@/lib/payments/endpoints";
import { receiveProcessorEvent } from "@/lib/payments/receive-processor-event";

// POST /api/v1/payments/webhook - processor events, checked by signature over the raw body
export const POST = withApi(paymentsEndpoints.webhook, async ({ ctx, req }) =>
  json(
    await receiveProcessorEvent({
      ctx,
      payload: await readLimited(req, MAX_JSON_BYTES),
      signature: req.headers.get("stripe-signature"),
    }),
  ),
);
