import { identityOperations } from "@/lib/identity/operations";
import { assignRole, removeRole } from "@/lib/identity/roles";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/auth/roles/assign - give a user a role
export const POST = withApi(identityOperations.assignRole, async ({ ctx, body }) =>
  json(await assignRole({ ctx, input: body })),
);

// DELETE /api/v1/auth/roles/assign - take a role from a user
export const DELETE = withApi(identityOperations.removeRole, async ({ ctx, body }) =>
  json(await removeRole({ ctx, input: body })),
);
