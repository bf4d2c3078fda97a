import { identityEndpoints } from "@/lib/identity/endpoints";
import { updateUser } from "@/lib/identity/update-user";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// PATCH /api/v1/auth/users/{id} - edit or deactivate a user
export const PATCH = withApi(identityEndpoints.updateUser, async ({ ctx, params, body }) =>
  json(await updateUser({ ctx, userId: params.id, input: body })),
);
