import { identityOperations } from "@/lib/identity/operations";
import { updateUser } from "@/lib/identity/users";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// PATCH /api/v1/auth/users/{id} - edit or deactivate a user
export const PATCH = withApi(identityOperations.updateUser, async ({ ctx, params, body }) =>
  json(await updateUser({ ctx, userId: params.id, input: body })),
);
