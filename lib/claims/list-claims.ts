import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { claims } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { toClaimResponses, visibleClaims } from "./internal";
import type { ListClaimsQuery } from "./schemas";

/**
 * GET /claims/: overdue claims first (past settle_by and not CLOSED, claims-cover.md section 4), then the
 * newest report first (or the oldest first), then by id; filtered by status and policy. The order is the
 * database's, so that pages never repeat or skip a claim.
 */
export async function listClaims({ ctx, query }: { ctx: ServiceContext; query: ListClaimsQuery }) {
  assertCan(ctx.actor, "claims:read", "portal:read");
  const where = and(
    visibleClaims(ctx.actor),
    query.status ? eq(claims.status, query.status) : undefined,
    query.policy_id ? eq(claims.policyId, query.policy_id) : undefined,
  );
  const direction = query.sort === "reported_at" ? asc : desc;
  const overdueFirst = sql`case when ${claims.settleBy} < now() and ${claims.status} <> 'CLOSED' then 0 else 1 end`;
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(claims)
      .where(where)
      .orderBy(overdueFirst, direction(claims.reportedAt), direction(claims.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    ctx.db.select({ total: count() }).from(claims).where(where),
  ]);
  return { items: await toClaimResponses(ctx.db, rows), total, page: query.page, page_size: query.page_size };
}
