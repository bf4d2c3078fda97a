import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { getResellerDashboard } from "@/lib/payments/get-reseller-dashboard";
import { paymentsEndpoints } from "@/lib/payments/endpoints";

// GET /api/v1/payments/reseller/dashboard - commission by month
export const GET = withApi(paymentsEndpoints.resellerDashboard, async ({ ctx, query }) =>
  json(await getResellerDashboard({ ctx, companyId: query.company_id })),
);
