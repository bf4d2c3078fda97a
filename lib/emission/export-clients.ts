import type { z } from "zod";
import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { EXPORT_BATCH_ROWS, exportSource } from "@/lib/exports/stream";
import { listClients } from "./list-clients";
import { ClientResponse, type ListClientsQuery } from "./schemas";

type Query = z.output<typeof ListClientsQuery>;

/** GET /emission/clients?format=: every client the list would show, with its filters and scope, for a file. */
export function exportClients({ ctx, query }: { ctx: ServiceContext; query: Query }) {
  assertCan(ctx.actor, "emission:read");
  return exportSource("clients", ClientResponse, (cursor) =>
    listClients({ ctx, query: { ...query, cursor, page_size: EXPORT_BATCH_ROWS }, batch: true }),
  );
}
