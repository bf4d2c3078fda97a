import { and, desc, eq } from "drizzle-orm";
import { leads } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { scopeFilter } from "@/lib/auth/scope-filter";
import type { ServiceContext } from "@/lib/context";
import { keysetOf, pagingOf } from "@/lib/paging";
import { toLeadResponse } from "./internal";
import type { LeadResponse, ListLeadsQuery } from "./schemas";

/**
 * GET /leads/: newest first, by stage, a bare list with limit/offset or a cursor; the cursor of the rows
 * after these goes in the Next-Cursor header. `batch` is one read of an export.
 */
export async function listLeads({
  ctx,
  query,
  batch,
}: {
  ctx: ServiceContext;
  query: ListLeadsQuery;
  batch?: boolean;
}): Promise<{ items: LeadResponse[]; next_cursor: string | null }> {
  assertCan(ctx.actor, "leads:read");
  const paging = pagingOf("leads", { cursor: query.cursor, page_size: query.limit, offset: query.offset }, { batch });
  const rows = await ctx.db
    .select({ lead: leads, keyset: keysetOf(leads) })
    .from(leads)
    .where(
      and(scopeFilter(ctx.actor, leads), query.status ? eq(leads.stage, query.status) : undefined, paging.after(leads)),
    )
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(paging.limit)
    .offset(paging.offset);
  const page = paging.slice(rows);
  return { items: page.rows.map((row) => toLeadResponse(row.lead)), next_cursor: page.next_cursor };
}
