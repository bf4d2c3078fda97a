import { and, desc, eq, like, or, sql } from "drizzle-orm";
import { containsPattern, normalized, phoneDigitsPattern } from "@/db/search";
import { clients, leads } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { scopeFilter } from "@/lib/auth/scope-filter";
import type { ServiceContext } from "@/lib/context";
import { keysetOf, pagingOf } from "@/lib/paging";
import { leadClientName, toLeadResponse } from "./internal";
import type { LeadResponse, ListLeadsQuery } from "./schemas";

/**
 * GET /leads/: newest first, by stage and by `q`, a bare list with limit/offset or a cursor; the cursor of
 * the rows after these goes in the Next-Cursor header. `batch` is one read of an export.
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
    .select({ lead: leads, clientName: leadClientName, keyset: keysetOf(leads) })
    .from(leads)
    .leftJoin(clients, eq(clients.id, leads.clientId))
    .where(
      and(
        scopeFilter(ctx.actor, leads),
        query.status ? eq(leads.stage, query.status) : undefined,
        query.q ? matchingLeads(query.q) : undefined,
        paging.after(leads),
      ),
    )
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(paging.limit)
    .offset(paging.offset);
  const page = paging.slice(rows);
  return {
    items: page.rows.map((row) => toLeadResponse({ ...row.lead, clientName: row.clientName })),
    next_cursor: page.next_cursor,
  };
}

/**
 * `q`: text anywhere in "first last" or the e-mail, whatever its letter case and accents, or the digits of
 * a phone number anywhere in the lead's (db/search.ts). A company's leads are matched on the fly, after
 * its scope and stage narrow them.
 */
function matchingLeads(q: string) {
  const search = containsPattern(q);
  const phone = phoneDigitsPattern(q);
  return or(
    like(normalized(sql`concat_ws(' ', ${leads.firstName}, ${leads.lastName})`), search),
    like(normalized(leads.email), search),
    phone ? like(leads.phoneE164, phone) : undefined,
  );
}
