import { identityOperations } from "@/lib/identity/operations";
import { listRoles } from "@/lib/identity/roles";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/auth/roles - roles and their permissions
export const GET = withApi(identityOperations.listRoles, async ({ ctx }) => json(await listRoles({ ctx })));
