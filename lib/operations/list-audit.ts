import { and, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import { countRows } from "@/db/count";
import { auditLogs, type AuditLog } from "@/db/schema";
import { assertCan, scopeOf } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
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

/** The audit log, newest first, filtered and paginated. */
export async function listAudit({ ctx, query }: { ctx: ServiceContext; query: ListAuditQuery }) {
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
  const total = await countRows(ctx.db, () =>
    ctx.db
      .select({ one: sql`1`.as("one") })
      .from(auditLogs)
      .where(where)
      .$dynamic(),
  );
  const rows = await ctx.db
    .select()
    .from(auditLogs)
    .where(where)
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  return { items: rows.map(toAuditEntryResponse), total, page: query.page, page_size: query.page_size };
}
