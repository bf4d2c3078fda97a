import { created } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { paymentsEndpoints } from "@/lib/payments/endpoints";
import { payOwnPolicy } from "@/lib/payments/pay-own-policy";

// POST /api/v1/portal/policies/{id}/pay - a client pays its own policy by card
export const POST = withApi(paymentsEndpoints.payOwnPolicy, async ({ ctx, params }) =>
  created(await payOwnPolicy({ ctx, policyId: params.id })),
);
