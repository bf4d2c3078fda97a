import { and, desc, eq } from "drizzle-orm";
import { leads } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { scopeFilter } from "@/lib/auth/scope-filter";
import type { ServiceContext } from "@/lib/context";
import { toLeadResponse } from "./internal";
import type { LeadResponse, ListLeadsQuery } from "./schemas";

/** GET /leads/: newest first, by stage, a bare list with limit/offset. */
export async function listLeads({
  ctx,
  query,
}: {
  ctx: ServiceContext;
  query: ListLeadsQuery;
}): Promise<LeadResponse[]> {
  assertCan(ctx.actor, "leads:read");
  const rows = await ctx.db
    .select()
    .from(leads)
    .where(and(scopeFilter(ctx.actor, leads), query.status ? eq(leads.stage, query.status) : undefined))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(query.limit)
    .offset(query.offset);
  return rows.map(toLeadResponse);
}
