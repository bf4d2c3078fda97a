import { identityEndpoints } from "@/lib/identity/endpoints";
import { listRoles } from "@/lib/identity/list-roles";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/auth/roles - roles and their permissions
export const GET = withApi(identityEndpoints.listRoles, async ({ ctx }) => json(await listRoles({ ctx })));
