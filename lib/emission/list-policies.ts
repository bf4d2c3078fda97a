import { and, desc, eq, gte, like, lte, or, sql } from "drizzle-orm";
import { countRows, EXACT_SEARCH_TOTAL_UP_TO, EXACT_TOTAL_UP_TO } from "@/db/count";
import { escapeLike } from "@/db/like";
import { normalizeSearchText } from "@/db/search";
import { beneficiaries, clients, plans, planVersions, policies } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { keysetOf, pagingOf } from "@/lib/paging";
import { POLICY_DATE_TERMS, toPolicyResponse, visiblePolicies } from "./internal";
import type { ListPoliciesQuery } from "./schemas";

/**
 * GET /emission/policies: newest first, filtered by status, client, start dates or a number/name prefix;
 * by page or by cursor (lib/paging.ts). `batch` is one read of an export (export-policies.ts): no total.
 */
export async function listPolicies({
  ctx,
  query,
  batch,
}: {
  ctx: ServiceContext;
  query: ListPoliciesQuery;
  batch?: boolean;
}) {
  assertCan(ctx.actor, "emission:read", "portal:read");
  // A prefix of the policy number or of the client's name (first, last, "first last"), in any case and with
  // or without accents, on the normalised columns of db/search.ts.
  const search = query.q ? `${escapeLike(normalizeSearchText(query.q))}%` : null;
  const where = and(
    visiblePolicies(ctx.actor),
    query.status ? eq(policies.status, query.status) : undefined,
    query.client_id ? eq(policies.clientId, query.client_id) : undefined,
    query.start_from ? gte(policies.startDate, query.start_from) : undefined,
    query.start_to ? lte(policies.startDate, query.start_to) : undefined,
    search
      ? or(
          sql`lower(${policies.policyNumber}) like ${search}`,
          like(policies.clientSearchName, search),
          like(policies.clientSearchLastName, search),
        )
      : undefined,
  );
  const paging = pagingOf("policies", query, { batch });
  const [rows, counted] = await Promise.all([
    ctx.db
      .select({
        policy: policies,
        clientName: sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`,
        planName: plans.name,
        terms: POLICY_DATE_TERMS,
        beneficiaryCount: sql<number>`(select count(*)::int from ${beneficiaries} where ${beneficiaries.policyId} = ${policies.id})`,
        keyset: keysetOf(policies),
      })
      .from(policies)
      .innerJoin(clients, eq(clients.id, policies.clientId))
      .innerJoin(planVersions, eq(planVersions.id, policies.planVersionId))
      .innerJoin(plans, eq(plans.id, planVersions.planId))
      .where(and(where, paging.after(policies)))
      .orderBy(desc(policies.createdAt), desc(policies.id))
      .limit(paging.limit)
      .offset(paging.offset),
    // Every condition is on policies (the client's names are copied onto them), so a seller's filtered
    // list is counted on index entries; countRows stops counting at 10,000, a search at 1,000 (db/count.ts).
    paging.total(() =>
      countRows(
        ctx.db,
        () =>
          ctx.db
            .select({ one: sql`1`.as("one") })
            .from(policies)
            .where(where)
            .$dynamic(),
        search ? EXACT_SEARCH_TOTAL_UP_TO : EXACT_TOTAL_UP_TO,
      ),
    ),
  ]);
  const page = paging.slice(rows);
  const items = page.rows.map(({ policy, clientName, planName, terms, beneficiaryCount }) => {
    const { beneficiaries: _people, ...fields } = toPolicyResponse(policy, [], terms);
    return { ...fields, client_name: clientName, plan_name: planName, beneficiary_count: beneficiaryCount };
  });
  return { items, ...counted, page: query.page, page_size: query.page_size, next_cursor: page.next_cursor };
}
