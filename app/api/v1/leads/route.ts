import { created, json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { captureLead, listLeads } from "@/lib/leads/leads";
import { leadsOperations } from "@/lib/leads/operations";

// POST /api/v1/leads/ - capture a lead (public): 201 new, 200 known phone
export const POST = withApi(leadsOperations.captureLead, async ({ ctx, body }) => {
  const { lead, created: isNew } = await captureLead({ ctx, input: body });
  return isNew ? created(lead) : json(lead);
});

// GET /api/v1/leads/ - leads in scope by stage
export const GET = withApi(leadsOperations.listLeads, async ({ ctx, query }) => json(await listLeads({ ctx, query })));
