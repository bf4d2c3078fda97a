import { identityOperations } from "@/lib/identity/operations";
import { assignRole } from "@/lib/identity/roles";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/auth/roles/assign - give a user a role
export const POST = withApi(identityOperations.assignRole, async ({ ctx, body }) => json(await assignRole({ ctx, input: body })));
