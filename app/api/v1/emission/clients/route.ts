import { createClient, listClients } from "@/lib/emission/clients";
import { emissionOperations } from "@/lib/emission/operations";
import { created, json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/emission/clients - clients in scope, with search
export const GET = withApi(emissionOperations.listClients, async ({ ctx, query }) =>
  json(await listClients({ ctx, query })),
);

// POST /api/v1/emission/clients - register a client
export const POST = withApi(emissionOperations.createClient, async ({ ctx, body }) =>
  created(await createClient({ ctx, input: body })),
);
