import { created } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { recordManualPayment } from "@/lib/payments/record-manual-payment";
import { paymentsEndpoints } from "@/lib/payments/endpoints";

// POST /api/v1/payments/manual - record an offline payment
export const POST = withApi(paymentsEndpoints.recordManualPayment, async ({ ctx, body }) =>
  created(await recordManualPayment({ ctx, input: body })),
);
