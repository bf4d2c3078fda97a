import { and, count, desc, eq, ilike, like, or, type SQL } from "drizzle-orm";
import { escapeLike } from "@/db/like";
import { containsPattern, normalized } from "@/db/search";
import { users } from "@/db/schema";
import { assertCan, scopeOf } from "@/lib/auth/actor";
import { type ServiceContext } from "@/lib/context";
import { keysetOf, pagingOf } from "@/lib/paging";
import { toUserResponses } from "./internal";
import type { ListUsersQuery } from "./schemas";

/** The users in the caller's scope, newest first; by page or by cursor. `batch` is one read of an export. */
export async function listUsers({
  ctx,
  query,
  batch,
}: {
  ctx: ServiceContext;
  query: ListUsersQuery;
  batch?: boolean;
}) {
  assertCan(ctx.actor, "users:manage");
  const scope = scopeOf(ctx.actor);
  const filters: SQL[] = [];
  if (query.email) filters.push(ilike(users.email, `%${escapeLike(query.email)}%`));
  // A few thousand users at most: the name or e-mail containing the text, folded on the fly (db/search.ts).
  if (query.q) {
    const search = containsPattern(query.q);
    filters.push(or(like(normalized(users.fullName), search), like(normalized(users.email), search))!);
  }
  if (query.company_id) filters.push(eq(users.companyId, query.company_id));
  if (scope) filters.push(eq(users.companyId, scope.companyId));
  const where = and(...filters);
  const paging = pagingOf("users", query, { batch });
  const counted = await paging.total(() => ctx.db.select({ total: count() }).from(users).where(where));
  const rows = await ctx.db
    .select({ user: users, keyset: keysetOf(users) })
    .from(users)
    .where(and(where, paging.after(users)))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(paging.limit)
    .offset(paging.offset);
  const page = paging.slice(rows);
  const items = await toUserResponses(
    ctx.db,
    page.rows.map((row) => row.user),
  );
  return { items, ...counted, page: query.page, page_size: query.page_size, next_cursor: page.next_cursor };
}
