import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { leadAnalytics } from "@/lib/leads/leads";
import { leadsOperations } from "@/lib/leads/operations";

// GET /api/v1/leads/analytics - leads and conversion by source and campaign
export const GET = withApi(leadsOperations.leadAnalytics, async ({ ctx }) => json(await leadAnalytics({ ctx })));
