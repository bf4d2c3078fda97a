import { identityOperations } from "@/lib/identity/operations";
import { createUser, listUsers } from "@/lib/identity/users";
import { created, json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/auth/users - list users
export const GET = withApi(identityOperations.listUsers, async ({ ctx, query }) =>
  json(await listUsers({ ctx, query })),
);

// POST /api/v1/auth/users - create a user with roles
export const POST = withApi(identityOperations.createUser, async ({ ctx, body }) =>
  created(await createUser({ ctx, input: body })),
);
