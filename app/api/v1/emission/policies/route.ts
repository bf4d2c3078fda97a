import { emissionEndpoints } from "@/lib/emission/endpoints";
import { exportPolicies } from "@/lib/emission/export-policies";
import { listPolicies } from "@/lib/emission/list-policies";
import { exported, json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/emission/policies - policies in scope, filtered (or every matching row as CSV/XLSX)
export const GET = withApi(emissionEndpoints.listPolicies, async ({ ctx, query }) =>
  query.format ? exported(exportPolicies({ ctx, query }), query.format) : json(await listPolicies({ ctx, query })),
);
