import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { EXPORT_BATCH_ROWS, exportSource } from "@/lib/exports/stream";
import { listClaims } from "./list-claims";
import { ClaimResponse, type ListClaimsQuery } from "./schemas";

/** GET /claims/?format=: every claim the list would show (a client: under its own policies), for a file. */
export function exportClaims({ ctx, query }: { ctx: ServiceContext; query: ListClaimsQuery }) {
  assertCan(ctx.actor, "claims:read", "portal:read");
  return exportSource("claims", ClaimResponse, (cursor) =>
    listClaims({ ctx, query: { ...query, cursor, page_size: EXPORT_BATCH_ROWS }, batch: true }),
  );
}
