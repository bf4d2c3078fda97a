import { issuePolicy } from "@/lib/emission/issue-policy";
import { emissionOperations } from "@/lib/emission/operations";
import { created } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/emission/issue - issue a policy
export const POST = withApi(emissionOperations.issuePolicy, async ({ ctx, body }) =>
  created(await issuePolicy({ ctx, input: body })),
);
