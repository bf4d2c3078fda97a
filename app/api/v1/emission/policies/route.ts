import { emissionOperations } from "@/lib/emission/operations";
import { listPolicies } from "@/lib/emission/policies";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/emission/policies - policies in scope, filtered
export const GET = withApi(emissionOperations.listPolicies, async ({ ctx, query }) =>
  json(await listPolicies({ ctx, query })),
);
