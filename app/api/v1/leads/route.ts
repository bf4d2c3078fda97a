import { bareList, created, exported, json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { captureLead } from "@/lib/leads/capture-lead";
import { exportLeads } from "@/lib/leads/export-leads";
import { listLeads } from "@/lib/leads/list-leads";
import { leadsEndpoints } from "@/lib/leads/endpoints";

// POST /api/v1/leads/ - capture a lead (public): 201 new, 200 known phone
export const POST = withApi(leadsEndpoints.captureLead, async ({ ctx, body }) => {
  const { lead, created: isNew } = await captureLead({ ctx, input: body });
  return isNew ? created(lead) : json(lead);
});

// GET /api/v1/leads/ - leads in scope by stage (or every matching row as CSV/XLSX)
export const GET = withApi(leadsEndpoints.listLeads, async ({ ctx, query }) =>
  query.format ? exported(exportLeads({ ctx, query }), query.format) : bareList(await listLeads({ ctx, query })),
);
