import { issuePolicy } from "@/lib/emission/issue-policy";
import { emissionEndpoints } from "@/lib/emission/endpoints";
import { created } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/emission/issue - issue a policy
export const POST = withApi(emissionEndpoints.issuePolicy, async ({ ctx, body }) =>
  created(await issuePolicy({ ctx, input: body })),
);
