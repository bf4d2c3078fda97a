import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { EXPORT_BATCH_ROWS, exportSource } from "@/lib/exports/stream";
import { listLeads } from "./list-leads";
import { LeadResponse, type ListLeadsQuery } from "./schemas";

/** GET /leads/?format=: every lead the list would show, for a file. */
export function exportLeads({ ctx, query }: { ctx: ServiceContext; query: ListLeadsQuery }) {
  assertCan(ctx.actor, "leads:read");
  return exportSource("leads", LeadResponse, (cursor) =>
    listLeads({ ctx, query: { ...query, cursor, limit: EXPORT_BATCH_ROWS }, batch: true }),
  );
}
