import { and, count, desc, eq, notLike, type SQL } from "drizzle-orm";
import { notifications } from "@/db/schema";
import { assertCan, scopeOf } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { mayReadLinks, toNotificationResponse } from "./internal";
import type { ListNotificationsQuery } from "./schemas";

export async function listNotifications({ ctx, query }: { ctx: ServiceContext; query: ListNotificationsQuery }) {
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
  const [{ total }] = await ctx.db.select({ total: count() }).from(notifications).where(where);
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  return {
    items: rows.map((row) => toNotificationResponse(row, mayReadLinks(ctx.actor))),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}
