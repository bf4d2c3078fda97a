import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { convertLead } from "@/lib/leads/convert-lead";
import { leadsEndpoints } from "@/lib/leads/endpoints";

// POST /api/v1/leads/{id}/convert - the lead becomes a client (existing or new) and moves to CONVERTED
export const POST = withApi(leadsEndpoints.convertLead, async ({ ctx, params, body }) =>
  json(await convertLead({ ctx, leadId: params.id, input: body })),
);
