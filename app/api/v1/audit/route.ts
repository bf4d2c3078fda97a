import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { listAudit } from "@/lib/operations/list-audit";
import { operationsOperations } from "@/lib/operations/operations";

// GET /api/v1/audit/ - query the audit log
export const GET = withApi(operationsOperations.listAudit, async ({ ctx, query }) =>
  json(await listAudit({ ctx, query })),
);
