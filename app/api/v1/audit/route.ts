import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { listAudit } from "@/lib/operations/list-audit";
import { operationsEndpoints } from "@/lib/operations/endpoints";

// GET /api/v1/audit/ - query the audit log
export const GET = withApi(operationsEndpoints.listAudit, async ({ ctx, query }) =>
  json(await listAudit({ ctx, query })),
);
