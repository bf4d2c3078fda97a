import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { EXPORT_BATCH_ROWS, exportSource } from "@/lib/exports/stream";
import { listAudit } from "./list-audit";
import { AuditEntryResponse, type ListAuditQuery } from "./schemas";

/** GET /audit/?format=: every audit entry the list would show (details as JSON text), for a file. */
export function exportAudit({ ctx, query }: { ctx: ServiceContext; query: ListAuditQuery }) {
  assertCan(ctx.actor, "audit:read");
  return exportSource("audit", AuditEntryResponse, (cursor) =>
    listAudit({ ctx, query: { ...query, cursor, page_size: EXPORT_BATCH_ROWS }, batch: true }),
  );
}
