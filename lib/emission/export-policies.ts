import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { EXPORT_BATCH_ROWS, exportSource } from "@/lib/exports/stream";
import { listPolicies } from "./list-policies";
import { PolicyListItem, type ListPoliciesQuery } from "./schemas";

/** GET /emission/policies?format=: every policy the list would show (a client: its own), for a file. */
export function exportPolicies({ ctx, query }: { ctx: ServiceContext; query: ListPoliciesQuery }) {
  assertCan(ctx.actor, "emission:read", "portal:read");
  return exportSource("policies", PolicyListItem, (cursor) =>
    listPolicies({ ctx, query: { ...query, cursor, page_size: EXPORT_BATCH_ROWS }, batch: true }),
  );
}
