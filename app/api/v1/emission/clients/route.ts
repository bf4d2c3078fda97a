import { createClient } from "@/lib/emission/create-client";
import { exportClients } from "@/lib/emission/export-clients";
import { listClients } from "@/lib/emission/list-clients";
import { emissionEndpoints } from "@/lib/emission/endpoints";
import { created, exported, json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/emission/clients - clients in scope, with search (or every matching row as CSV/XLSX)
export const GET = withApi(emissionEndpoints.listClients, async ({ ctx, query }) =>
  query.format ? exported(exportClients({ ctx, query }), query.format) : json(await listClients({ ctx, query })),
);

// POST /api/v1/emission/clients - register a client
export const POST = withApi(emissionEndpoints.createClient, async ({ ctx, body }) =>
  created(await createClient({ ctx, input: body })),
);
