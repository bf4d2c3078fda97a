import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { getLead, updateLead } from "@/lib/leads/leads";
import { leadsOperations } from "@/lib/leads/operations";

// GET /api/v1/leads/{id} - one lead
export const GET = withApi(leadsOperations.getLead, async ({ ctx, params }) =>
  json(await getLead({ ctx, leadId: params.id })),
);

// PATCH /api/v1/leads/{id} - stage, score, checkout markers
export const PATCH = withApi(leadsOperations.updateLead, async ({ ctx, params, body }) =>
  json(await updateLead({ ctx, leadId: params.id, input: body })),
);
