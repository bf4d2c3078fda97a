import { and, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import { escapeLike } from "@/db/like";
import { users } from "@/db/schema";
import { assertCan, scopeOf } from "@/lib/auth/actor";
import { type ServiceContext } from "@/lib/context";
import { toUserResponses } from "./internal";
import type { ListUsersQuery } from "./schemas";

export async function listUsers({ ctx, query }: { ctx: ServiceContext; query: ListUsersQuery }) {
  assertCan(ctx.actor, "users:manage");
  const scope = scopeOf(ctx.actor);
  const filters: SQL[] = [];
  if (query.email) filters.push(ilike(users.email, `%${escapeLike(query.email)}%`));
  if (query.company_id) filters.push(eq(users.companyId, query.company_id));
  if (scope) filters.push(eq(users.companyId, scope.companyId));
  const where = and(...filters);
  const [{ total }] = await ctx.db.select({ total: count() }).from(users).where(where);
  const rows = await ctx.db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  return { items: await toUserResponses(ctx.db, rows), total, page: query.page, page_size: query.page_size };
}
