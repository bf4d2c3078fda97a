import { and, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import { countRows } from "@/db/count";
import { auditLogs, type AuditLog } from "@/db/schema";
import { assertCan, scopeOf } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { keysetOf, pagingOf } from "@/lib/paging";
import { parseDateTime } from "@/lib/schemas";
import type { ListAuditQuery } from "./schemas";

function toAuditEntryResponse(entry: AuditLog) {
  return {
    id: entry.id,
    action: entry.action,
    user_id: entry.userId,
    actor: entry.actor,
    entity: entry.entity,
    entity_id: entry.entityId,
    ip_address: entry.ipAddress,
    created_at: entry.createdAt.toISOString(),
    details: entry.details,
  };
}

/** The audit log, newest first, filtered; by page or by cursor. `batch` is one read of an export (no total). */
export async function listAudit({
  ctx,
  query,
  batch,
}: {
  ctx: ServiceContext;
  query: ListAuditQuery;
  batch?: boolean;
}) {
  assertCan(ctx.actor, "audit:read");
  const filters: SQL[] = [];
  // ADMIN reads every company's log; a caller scoped to one company (an API key) reads only that one's.
  const scope = scopeOf(ctx.actor);
  if (scope) filters.push(eq(auditLogs.companyId, scope.companyId));
  if (query.user_id) filters.push(eq(auditLogs.userId, query.user_id));
  if (query.action) filters.push(eq(auditLogs.action, query.action));
  if (query.entity) filters.push(eq(auditLogs.entity, query.entity));
  if (query.date_from) filters.push(gte(auditLogs.createdAt, parseDateTime(query.date_from)));
  if (query.date_to) filters.push(lte(auditLogs.createdAt, parseDateTime(query.date_to)));
  const where = and(...filters);
  const paging = pagingOf("audit", query, { batch });
  // countRows stops counting at 10,000 (db/count.ts): the whole log is 12,000,000 rows on a real book.
  const counted = await paging.total(() =>
    countRows(ctx.db, () =>
      ctx.db
        .select({ one: sql`1`.as("one") })
        .from(auditLogs)
        .where(where)
        .$dynamic(),
    ),
  );
  const rows = await ctx.db
    .select({ entry: auditLogs, keyset: keysetOf(auditLogs) })
    .from(auditLogs)
    .where(and(where, paging.after(auditLogs)))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(paging.limit)
    .offset(paging.offset);
  const page = paging.slice(rows);
  const items = page.rows.map((row) => toAuditEntryResponse(row.entry));
  return { items, ...counted, page: query.page, page_size: query.page_size, next_cursor: page.next_cursor };
}
