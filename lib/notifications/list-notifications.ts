import { and, count, desc, eq, notLike, sql, type SQL } from "drizzle-orm";
import { clients, notifications, users } from "@/db/schema";
import { assertCan, scopeOf } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { userDisplayName } from "@/lib/identity/display-names";
import { keysetOf, pagingOf } from "@/lib/paging";
import { mayReadLinks, toNotificationResponse } from "./internal";
import type { ListNotificationsQuery } from "./schemas";

/** The outbox, newest first, filtered; by page or by cursor. `batch` is one read of an export (no total). */
export async function listNotifications({
  ctx,
  query,
  batch,
}: {
  ctx: ServiceContext;
  query: ListNotificationsQuery;
  batch?: boolean;
}) {
  assertCan(ctx.actor, "notifications:read");
  const filters: SQL[] = [];
  // Recipients are personal data: a caller scoped to a company (an API key) sees only that company's.
  const scope = scopeOf(ctx.actor);
  if (scope) filters.push(eq(notifications.companyId, scope.companyId));
  // The account messages (verification, invitation, password reset) carry sign-in links: a key, which is
  // no administrator, never reads them, or a key of an ADMIN's company could take that ADMIN's account.
  if (ctx.actor.kind === "api_key") filters.push(notLike(notifications.template, "auth.%"));
  if (query.recipient) filters.push(eq(notifications.recipient, query.recipient));
  if (query.template) filters.push(eq(notifications.template, query.template));
  if (query.status) filters.push(eq(notifications.status, query.status));
  const where = and(...filters);
  const paging = pagingOf("notifications", query, { batch });
  const counted = await paging.total(() => ctx.db.select({ total: count() }).from(notifications).where(where));
  // Whom the address belongs to, joined once for the page (e-mails are unique, whatever their letter case,
  // among clients and among users); a phone number reads as itself.
  const rows = await ctx.db
    .select({
      notification: notifications,
      keyset: keysetOf(notifications),
      recipientName: sql<
        string | null
      >`coalesce(${clients.firstName} || ' ' || ${clients.lastName}, ${userDisplayName(users)})`,
    })
    .from(notifications)
    .leftJoin(clients, sql`lower(${clients.email}) = lower(${notifications.recipient})`)
    .leftJoin(users, sql`lower(${users.email}) = lower(${notifications.recipient})`)
    .where(and(where, paging.after(notifications)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(paging.limit)
    .offset(paging.offset);
  const page = paging.slice(rows);
  return {
    items: page.rows.map((row) => toNotificationResponse(row.notification, row.recipientName, mayReadLinks(ctx.actor))),
    ...counted,
    page: query.page,
    page_size: query.page_size,
    next_cursor: page.next_cursor,
  };
}
