import { exported, json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { exportAudit } from "@/lib/operations/export-audit";
import { listAudit } from "@/lib/operations/list-audit";
import { operationsEndpoints } from "@/lib/operations/endpoints";

// GET /api/v1/audit/ - query the audit log (or every matching row as CSV/XLSX)
export const GET = withApi(operationsEndpoints.listAudit, async ({ ctx, query }) =>
  query.format ? exported(exportAudit({ ctx, query }), query.format) : json(await listAudit({ ctx, query })),
);
