import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import {
  claimExpenses,
  claims,
  claimStatusHistory,
  planVersions,
  policies,
  type Claim,
  type ClaimExpense,
} from "@/db/schema";
import { can, type Actor } from "@/lib/auth/actor";
import { scopeFilter } from "@/lib/auth/scope-filter";
import type { ServiceContext } from "@/lib/context";
import { ownClientIds } from "@/lib/emission/internal";
import { NotFoundError } from "@/lib/errors";
import { formatMoney, money } from "@/lib/money";
import type { ClaimExpenseResponse, ClaimResponse } from "./schemas";

const DAY_MS = 86_400_000;

/**
 * The claims an actor may see (contract sections 2 and 6): claims:read within its company (and business
 * unit); a client (portal:read) only the claims under its own policies; nothing otherwise.
 */
export function visibleClaims(actor: Actor): SQL | undefined {
  if (can(actor, "claims:read")) return scopeFilter(actor, claims);
  if (can(actor, "portal:read") && actor.kind === "user") {
    return inArray(
      claims.policyId,
      sql`(select ${policies.id} from ${policies} where ${policies.clientId} in ${ownClientIds(actor)})`,
    );
  }
  return sql`false`;
}

/**
 * A claim the caller may see, or 404. With `forUpdate`, the row stays locked until the caller's
 * transaction ends, so an expense and a move of the same claim never cross.
 */
export async function getClaimOrThrow(
  ctx: ServiceContext,
  claimId: string,
  options: { forUpdate?: boolean } = {},
): Promise<Claim> {
  const query = ctx.db
    .select()
    .from(claims)
    .where(and(eq(claims.id, claimId), visibleClaims(ctx.actor)));
  const [claim] = options.forUpdate ? await query.for("update") : await query;
  if (!claim) throw new NotFoundError("claim");
  return claim;
}

export function toClaimExpenseResponse(expense: ClaimExpense): ClaimExpenseResponse {
  return {
    id: expense.id,
    amount: expense.amount,
    currency: expense.currency,
    expense_type: expense.expenseType,
    receipt_url: expense.receiptUrl,
    created_at: expense.createdAt.toISOString(),
  };
}

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
      expenses: own.map(toClaimExpenseResponse),
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

/** One claim as ClaimResponse. */
export async function toClaimResponse(db: DbOrTx, claim: Claim): Promise<ClaimResponse> {
  const [response] = await toClaimResponses(db, [claim]);
  return response;
}
