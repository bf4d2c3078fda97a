import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { getLead } from "@/lib/leads/get-lead";
import { updateLead } from "@/lib/leads/update-lead";
import { leadsEndpoints } from "@/lib/leads/endpoints";

// GET /api/v1/leads/{id} - one lead
export const GET = withApi(leadsEndpoints.getLead, async ({ ctx, params }) =>
  json(await getLead({ ctx, leadId: params.id })),
);

// PATCH /api/v1/leads/{id} - stage, score, checkout markers
export const PATCH = withApi(leadsEndpoints.updateLead, async ({ ctx, params, body }) =>
  json(await updateLead({ ctx, leadId: params.id, input: body })),
);
