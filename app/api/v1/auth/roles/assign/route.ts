import { identityEndpoints } from "@/lib/identity/endpoints";
import { assignRole } from "@/lib/identity/assign-role";
import { removeRole } from "@/lib/identity/remove-role";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/auth/roles/assign - give a user a role
export const POST = withApi(identityEndpoints.assignRole, async ({ ctx, body }) =>
  json(await assignRole({ ctx, input: body })),
);

// DELETE /api/v1/auth/roles/assign - take a role from a user
export const DELETE = withApi(identityEndpoints.removeRole, async ({ ctx, body }) =>
  json(await removeRole({ ctx, input: body })),
);
