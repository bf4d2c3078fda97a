import { and, asc, count, desc, eq, like, or, sql } from "drizzle-orm";
import { escapeLike } from "@/db/like";
import { containsPattern, normalized, prefixPattern } from "@/db/search";
import { beneficiaries, claims, policies } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { keysetOf, pagingOf, walkStartOf } from "@/lib/paging";
import { toClaimResponses, visibleClaims } from "./internal";
import type { ListClaimsQuery } from "./schemas";

/**
 * GET /claims/: overdue claims first (past settle_by and not CLOSED, claims-cover.md section 4), then the
 * newest report first (or the oldest first), then by id; filtered by status, policy and `q` (matchingClaims
 * below). The order is the database's, so that pages never repeat or skip a claim. With a cursor the
 * walk's stable order applies (newest created first, lib/paging.ts), and the first page's next_cursor is
 * the walk's beginning (the claims created up to that read), since an overdue-first page is no prefix of
 * it (docs/reports.md section 3). `batch` is one read of an export.
 */
export async function listClaims({
  ctx,
  query,
  batch,
}: {
  ctx: ServiceContext;
  query: ListClaimsQuery;
  batch?: boolean;
}) {
  assertCan(ctx.actor, "claims:read", "portal:read");
  const where = and(
    visibleClaims(ctx.actor),
    query.status ? eq(claims.status, query.status) : undefined,
    query.policy_id ? eq(claims.policyId, query.policy_id) : undefined,
    query.q ? matchingClaims(query.q) : undefined,
  );
  const direction = query.sort === "reported_at" ? asc : desc;
  const overdueFirst = sql`case when ${claims.settleBy} < now() and ${claims.status} <> 'CLOSED' then 0 else 1 end`;
  const paging = pagingOf("claims", query, { batch });
  const order = paging.walking
    ? paging.order(claims)
    : [overdueFirst, direction(claims.reportedAt), direction(claims.id)];
  const [rows, counted] = await Promise.all([
    ctx.db
      .select({ claim: claims, keyset: keysetOf(claims), ...(paging.walking ? {} : { walkStart: walkStartOf() }) })
      .from(claims)
      .where(and(where, paging.after(claims)))
      .orderBy(...order)
      .limit(paging.limit)
      .offset(paging.offset),
    paging.total(() => ctx.db.select({ total: count() }).from(claims).where(where)),
  ]);
  const page = paging.slice(rows);
  const items = await toClaimResponses(
    ctx.db,
    page.rows.map((row) => row.claim),
  );
  return { items, ...counted, page: query.page, page_size: query.page_size, next_cursor: page.next_cursor };
}

/**
 * `q`: the start of the claim number (in any letter case: numbers are upper-case) or of the policy number,
 * or text anywhere in the client's or the deceased's name, whatever its case and accents (db/search.ts).
 * Each claim looks up its own policy and deceased by primary key, so no index of names is needed here.
 */
function matchingClaims(q: string) {
  const name = containsPattern(q);
  return or(
    like(claims.claimNumber, `${escapeLike(q.toUpperCase())}%`),
    sql`exists (select 1 from ${policies} where ${policies.id} = ${claims.policyId} and (lower(${policies.policyNumber}) like ${prefixPattern(q)} or ${policies.clientSearchName} like ${name}))`,
    sql`exists (select 1 from ${beneficiaries} where ${beneficiaries.id} = ${claims.beneficiaryId} and ${normalized(sql`${beneficiaries.firstName} || ' ' || ${beneficiaries.lastName}`)} like ${name})`,
  );
}
