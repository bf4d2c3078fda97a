import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { startConnectOnboarding } from "@/lib/payments/start-connect-onboarding";
import { paymentsEndpoints } from "@/lib/payments/endpoints";

// POST /api/v1/payments/connect/onboarding - the reseller's onboarding link
export const POST = withApi(paymentsEndpoints.connectOnboarding, async ({ ctx, query }) =>
  json(await startConnectOnboarding({ ctx, companyId: query.company_id })),
);
