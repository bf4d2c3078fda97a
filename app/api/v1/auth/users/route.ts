import { identityEndpoints } from "@/lib/identity/endpoints";
import { createUser } from "@/lib/identity/create-user";
import { exportUsers } from "@/lib/identity/export-users";
import { listUsers } from "@/lib/identity/list-users";
import { created, exported, json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/auth/users - list users (or every matching row as CSV/XLSX)
export const GET = withApi(identityEndpoints.listUsers, async ({ ctx, query }) =>
  query.format ? exported(exportUsers({ ctx, query }), query.format) : json(await listUsers({ ctx, query })),
);

// POST /api/v1/auth/users - create a user with roles
export const POST = withApi(identityEndpoints.createUser, async ({ ctx, body }) =>
  created(await createUser({ ctx, input: body })),
);
