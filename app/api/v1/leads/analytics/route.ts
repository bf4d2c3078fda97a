import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { getLeadAnalytics } from "@/lib/leads/get-lead-analytics";
import { leadsEndpoints } from "@/lib/leads/endpoints";

// GET /api/v1/leads/analytics - leads and conversion by source and campaign
export const GET = withApi(leadsEndpoints.getLeadAnalytics, async ({ ctx }) => json(await getLeadAnalytics({ ctx })));
