import { and, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { countRows } from "@/db/count";
import { auditLogs, claims, clients, companies, policies, users, type AuditLog } from "@/db/schema";
import { assertCan, scopeOf } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { actorOfLabel, userDisplayName } from "@/lib/identity/display-names";
import { keysetOf, pagingOf } from "@/lib/paging";
import { parseDateTime } from "@/lib/schemas";
import type { ListAuditQuery } from "./schemas";

type AuditNames = {
  actorName: string | null;
  actorEmail: string | null;
  userName: string | null;
  userEmail: string | null;
  entityLabel: string | null;
};

function toAuditEntryResponse(entry: AuditLog, names: AuditNames) {
  return {
    id: entry.id,
    action: entry.action,
    user_id: entry.userId,
    user_name: names.userName,
    user_email: names.userEmail,
    actor: entry.actor,
    actor_name: names.actorName,
    actor_email: names.actorEmail,
    entity: entry.entity,
    entity_id: entry.entityId,
    entity_label: names.entityLabel,
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
  // The names are joined once for the page: who acted, whom the entry concerns, and what it is about.
  const actor = actorOfLabel(auditLogs.actor, "actor");
  const user = alias(users, "subject_user");
  const entityUser = alias(users, "entity_user");
  const about = (entity: string, id: AnyPgColumn) => and(eq(auditLogs.entity, entity), eq(id, auditLogs.entityId));
  const rows = await ctx.db
    .select({
      entry: auditLogs,
      keyset: keysetOf(auditLogs),
      actorName: actor.name,
      actorEmail: actor.email,
      userName: sql<string | null>`${userDisplayName(user)}`,
      userEmail: user.email,
      entityLabel: sql<string | null>`coalesce(${policies.policyNumber}, ${claims.claimNumber},
        ${clients.firstName} || ' ' || ${clients.lastName}, ${userDisplayName(entityUser)}, ${companies.name})`,
    })
    .from(auditLogs)
    .leftJoin(actor.user, actor.onUser)
    .leftJoin(actor.apiKey, actor.onApiKey)
    .leftJoin(user, eq(user.id, auditLogs.userId))
    .leftJoin(policies, about("policies", policies.id))
    .leftJoin(claims, about("claims", claims.id))
    .leftJoin(clients, about("clients", clients.id))
    .leftJoin(entityUser, about("users", entityUser.id))
    .leftJoin(companies, about("companies", companies.id))
    .where(and(where, paging.after(auditLogs)))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(paging.limit)
    .offset(paging.offset);
  const page = paging.slice(rows);
  const items = page.rows.map((row) => toAuditEntryResponse(row.entry, row));
  return { items, ...counted, page: query.page, page_size: query.page_size, next_cursor: page.next_cursor };
}
