import { created } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { recordManualPayment } from "@/lib/payments/manual";
import { paymentsOperations } from "@/lib/payments/operations";

// POST /api/v1/payments/manual - record an offline payment
export const POST = withApi(paymentsOperations.recordManualPayment, async ({ ctx, body }) =>
  created(await recordManualPayment({ ctx, input: body })),
);
