import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { claimExpenses, claims, claimStatusHistory, planVersions, policies, type Claim } from "@/db/schema";
import { assertCan, type Actor } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { NotFoundError } from "@/lib/errors";
import { formatMoney, money } from "@/lib/money";
import { visibleClaims } from "./access";
import type { ClaimResponse, ListClaimsQuery } from "./schemas";

const DAY_MS = 86_400_000;

/** The claims as ClaimResponse, in the order given, with their expenses, totals and history. */
export async function toClaimResponses(db: DbOrTx, rows: Claim[]): Promise<ClaimResponse[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((claim) => claim.id);
  const [expenses, history, terms] = await Promise.all([
    db
      .select()
      .from(claimExpenses)
      .where(inArray(claimExpenses.claimId, ids))
      .orderBy(asc(claimExpenses.createdAt), asc(claimExpenses.id)),
    db
      .select()
      .from(claimStatusHistory)
      .where(inArray(claimStatusHistory.claimId, ids))
      .orderBy(asc(claimStatusHistory.changedAt), asc(claimStatusHistory.id)),
    db
      .select({ policyId: policies.id, startDate: policies.startDate, preexistingDays: planVersions.wtimePreexisting })
      .from(policies)
      .innerJoin(planVersions, eq(planVersions.id, policies.planVersionId))
      .where(inArray(policies.id, [...new Set(rows.map((claim) => claim.policyId))])),
  ]);
  return rows.map((claim) => {
    const own = expenses.filter((expense) => expense.claimId === claim.id);
    const term = terms.find((row) => row.policyId === claim.policyId);
    // The desk decides on a claim inside the waiting period; the service only says whether it is over.
    const waitingEnds = term ? Date.parse(`${term.startDate}T00:00:00Z`) + term.preexistingDays * DAY_MS : 0;
    return {
      id: claim.id,
      policy_id: claim.policyId,
      beneficiary_id: claim.beneficiaryId,
      description: claim.description,
      status: claim.status,
      reported_at: claim.reportedAt.toISOString(),
      waiting_period_met: claim.reportedAt.getTime() >= waitingEnds,
      expenses: own.map((expense) => ({
        id: expense.id,
        amount: expense.amount,
        currency: expense.currency,
        expense_type: expense.expenseType,
        receipt_url: expense.receiptUrl,
        created_at: expense.createdAt.toISOString(),
      })),
      total_expenses: formatMoney(own.reduce((sum, expense) => sum.plus(expense.amount), money(0))),
      status_history: history
        .filter((row) => row.claimId === claim.id)
        .map((row) => ({
          from_status: row.fromStatus,
          to_status: row.toStatus,
          changed_by: row.changedBy,
          reason: row.reason,
          changed_at: row.changedAt.toISOString(),
        })),
    };
  });
}

/** A claim the actor may see, or 404. */
export async function findVisibleClaim(db: DbOrTx, actor: Actor, claimId: string): Promise<Claim> {
  const [claim] = await db
    .select()
    .from(claims)
    .where(and(eq(claims.id, claimId), visibleClaims(actor)));
  if (!claim) throw new NotFoundError("claim");
  return claim;
}

/** GET /claims/{id} */
export async function getClaim({ ctx, claimId }: { ctx: ServiceContext; claimId: string }): Promise<ClaimResponse> {
  assertCan(ctx.actor, "claims:read", "portal:read");
  const [response] = await toClaimResponses(ctx.db, [await findVisibleClaim(ctx.db, ctx.actor, claimId)]);
  return response;
}

/** GET /claims/: newest report first (or oldest first, for the desk's queue), filtered by status and policy. */
export async function listClaims({ ctx, query }: { ctx: ServiceContext; query: ListClaimsQuery }) {
  assertCan(ctx.actor, "claims:read", "portal:read");
  const where = and(
    visibleClaims(ctx.actor),
    query.status ? eq(claims.status, query.status) : undefined,
    query.policy_id ? eq(claims.policyId, query.policy_id) : undefined,
  );
  const direction = query.sort === "reported_at" ? asc : desc;
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(claims)
      .where(where)
      .orderBy(direction(claims.reportedAt), direction(claims.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    ctx.db.select({ total: count() }).from(claims).where(where),
  ]);
  return { items: await toClaimResponses(ctx.db, rows), total, page: query.page, page_size: query.page_size };
}
