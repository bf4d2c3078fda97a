import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import type { PolicyStatus } from "@/db/enums";
import {
  beneficiaries,
  claimCorrections,
  claimDocuments,
  claimExpenses,
  claimPayouts,
  claimRequirements,
  claims,
  claimStatusHistory,
  planVersions,
  policies,
  policyStatusHistory,
  type Claim,
  type ClaimCorrection,
  type ClaimDocument,
  type ClaimExpense,
  type ClaimPayout,
  type ClaimRequirement,
  type PlanVersion,
  type Policy,
} from "@/db/schema";
import { can, type Actor } from "@/lib/auth/actor";
import { scopeFilter } from "@/lib/auth/scope-filter";
import type { ServiceContext } from "@/lib/context";
import { ownClientIds } from "@/lib/emission/internal";
import { NotFoundError } from "@/lib/errors";
import { actorOfLabel } from "@/lib/identity/display-names";
import { todayUtc } from "@/lib/emission/dates";
import { addDays } from "@/lib/emission/premium-dates";
import { formatMoney, money } from "@/lib/money";
import { toIso } from "@/lib/schemas";
import { decideEligibility, type PolicyCoverFacts } from "./eligibility";
import type {
  ClaimCorrectionResponse,
  ClaimDocumentResponse,
  ClaimExpenseResponse,
  ClaimPayoutResponse,
  ClaimRequirementResponse,
  ClaimResponse,
  EligibilityResponse,
} from "./schemas";

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

/**
 * An expense or a payout of a claim, in the claim's own transaction: 404 when the claim has no such line.
 * With `forUpdate` the line stays locked until the transaction ends.
 */
export async function getClaimExpenseOrThrow(
  ctx: ServiceContext,
  claim: Claim,
  expenseId: string,
  options: { forUpdate?: boolean } = {},
): Promise<ClaimExpense> {
  const query = ctx.db
    .select()
    .from(claimExpenses)
    .where(and(eq(claimExpenses.id, expenseId), eq(claimExpenses.claimId, claim.id)));
  const [expense] = options.forUpdate ? await query.for("update") : await query;
  if (!expense) throw new NotFoundError("expense");
  return expense;
}

export async function getClaimPayoutOrThrow(
  ctx: ServiceContext,
  claim: Claim,
  payoutId: string,
  options: { forUpdate?: boolean } = {},
): Promise<ClaimPayout> {
  const query = ctx.db
    .select()
    .from(claimPayouts)
    .where(and(eq(claimPayouts.id, payoutId), eq(claimPayouts.claimId, claim.id)));
  const [payout] = options.forUpdate ? await query.for("update") : await query;
  if (!payout) throw new NotFoundError("payout");
  return payout;
}

type NamedCorrection = ClaimCorrection & { correctedByName: string | null };
type NamedPayout = ClaimPayout & { createdByName: string | null };

/** Corrections with the name of who made each (one join for the whole list), oldest first. */
function namedCorrections(db: DbOrTx, where: SQL): Promise<NamedCorrection[]> {
  const by = actorOfLabel(claimCorrections.correctedBy, "corrected_by");
  return db
    .select({ ...getTableColumns(claimCorrections), correctedByName: by.name })
    .from(claimCorrections)
    .leftJoin(by.user, by.onUser)
    .leftJoin(by.apiKey, by.onApiKey)
    .where(where)
    .orderBy(asc(claimCorrections.correctedAt), asc(claimCorrections.id));
}

/** The corrections of one line (an expense's or a payout's), oldest first. */
export function correctionsOf(db: DbOrTx, line: { expenseId: string } | { payoutId: string }) {
  return namedCorrections(
    db,
    "expenseId" in line ? eq(claimCorrections.expenseId, line.expenseId) : eq(claimCorrections.payoutId, line.payoutId),
  );
}

/** Payouts with the name of who recorded each (one join for the whole list), oldest first. */
export function namedPayouts(db: DbOrTx, where: SQL): Promise<NamedPayout[]> {
  const by = actorOfLabel(claimPayouts.createdBy, "created_by");
  return db
    .select({ ...getTableColumns(claimPayouts), createdByName: by.name })
    .from(claimPayouts)
    .leftJoin(by.user, by.onUser)
    .leftJoin(by.apiKey, by.onApiKey)
    .where(where)
    .orderBy(asc(claimPayouts.createdAt), asc(claimPayouts.id));
}

function toCorrectionResponse(row: NamedCorrection): ClaimCorrectionResponse {
  return {
    id: row.id,
    previous_amount: row.previousAmount,
    amount: row.amount,
    reason: row.reason,
    corrected_by: row.correctedBy,
    corrected_by_name: row.correctedByName,
    corrected_at: row.correctedAt.toISOString(),
  };
}

/** A line's amount as first recorded and its corrections (oldest first): the first one replaced the original. */
function correctionFields(amount: string, corrections: NamedCorrection[]) {
  return {
    original_amount: corrections[0]?.previousAmount ?? amount,
    corrections: corrections.map(toCorrectionResponse),
  };
}

export function toClaimExpenseResponse(
  expense: ClaimExpense,
  corrections: NamedCorrection[] = [],
): ClaimExpenseResponse {
  return {
    id: expense.id,
    amount: expense.amount,
    currency: expense.currency,
    expense_type: expense.expenseType,
    receipt_url: expense.receiptUrl,
    created_at: expense.createdAt.toISOString(),
    ...correctionFields(expense.amount, corrections),
  };
}

/** CLAIM_SETTLEMENT_DAYS (default 2): how long after approval a claim must be paid out (claims-cover.md section 4). */
export function settlementDays(): number {
  const days = Number(process.env.CLAIM_SETTLEMENT_DAYS ?? "2");
  return Number.isFinite(days) && days > 0 ? days : 2;
}

/** A claim is overdue once past its settlement deadline and not yet CLOSED. */
export function isOverdue(claim: Pick<Claim, "settleBy" | "status">, now = new Date()): boolean {
  return claim.settleBy !== null && now > claim.settleBy && claim.status !== "CLOSED";
}

/** Sums per currency, as `{"USD": "1250.50"}`. */
export function totalsByCurrency(lines: { amount: string; currency: string }[]): Record<string, string> {
  const sums = new Map<string, ReturnType<typeof money>>();
  for (const line of lines) sums.set(line.currency, (sums.get(line.currency) ?? money(0)).plus(line.amount));
  return Object.fromEntries([...sums].map(([currency, sum]) => [currency, formatMoney(sum)]));
}

export function toRequirementResponse(row: ClaimRequirement): ClaimRequirementResponse {
  return {
    code: row.code,
    label: row.label,
    mandatory: row.mandatory,
    status: row.status,
    document_id: row.documentId,
    note: row.note,
  };
}

export function toDocumentResponse(row: Omit<ClaimDocument, "content">): ClaimDocumentResponse {
  return {
    id: row.id,
    requirement_code: row.requirementCode,
    filename: row.filename,
    content_type: row.contentType as ClaimDocumentResponse["content_type"],
    size: row.size,
    sha256: row.sha256,
    uploaded_at: row.uploadedAt.toISOString(),
  };
}

export function toPayoutResponse(row: NamedPayout, corrections: NamedCorrection[] = []): ClaimPayoutResponse {
  return {
    id: row.id,
    payee_type: row.payeeType,
    payee_name: row.payeeName,
    amount: row.amount,
    currency: row.currency,
    method: row.method,
    reference: row.reference,
    created_by: row.createdBy,
    created_by_name: row.createdByName,
    created_at: row.createdAt.toISOString(),
    ...correctionFields(row.amount, corrections),
  };
}

/** A document's row without its bytes, for lists. */
export const documentColumns = {
  id: claimDocuments.id,
  claimId: claimDocuments.claimId,
  requirementCode: claimDocuments.requirementCode,
  filename: claimDocuments.filename,
  contentType: claimDocuments.contentType,
  size: claimDocuments.size,
  sha256: claimDocuments.sha256,
  uploadedBy: claimDocuments.uploadedBy,
  uploadedAt: claimDocuments.uploadedAt,
};

/** The status moves of these policies, in the order they were made: what "in force on a day" reads. */
export function policyMoves(db: DbOrTx, policyIds: string[]) {
  return db
    .select({
      policyId: policyStatusHistory.policyId,
      toStatus: policyStatusHistory.toStatus,
      effectiveDate: policyStatusHistory.effectiveDate,
    })
    .from(policyStatusHistory)
    .where(inArray(policyStatusHistory.policyId, policyIds))
    .orderBy(asc(policyStatusHistory.changedAt), asc(policyStatusHistory.id));
}

/** What eligibility is decided from, for the policies and lives of these claims. */
async function coverFactsOf(db: DbOrTx, rows: Claim[]) {
  const policyIds = [...new Set(rows.map((claim) => claim.policyId))];
  const [policyRows, moves, lives] = await Promise.all([
    db
      .select({ policy: policies, version: planVersions })
      .from(policies)
      .innerJoin(planVersions, eq(planVersions.id, policies.planVersionId))
      .where(inArray(policies.id, policyIds)),
    policyMoves(db, policyIds),
    db
      .select({
        id: beneficiaries.id,
        coverStartDate: beneficiaries.coverStartDate,
        coverEndDate: beneficiaries.coverEndDate,
      })
      .from(beneficiaries)
      .where(inArray(beneficiaries.id, [...new Set(rows.map((claim) => claim.beneficiaryId))])),
  ]);
  const policyFacts = new Map(
    policyRows.map(({ policy, version }) => [policy.id, { ...coverFactsOfPolicy(policy, version, moves), version }]),
  );
  return { policyFacts, lives: new Map(lives.map((life) => [life.id, life])) };
}

/** One policy's facts for the in-force test (claims-cover.md section 1). */
export function coverFactsOfPolicy(
  policy: Policy,
  version: Pick<PlanVersion, "gracePeriodDays">,
  moves: { policyId: string; toStatus: PolicyStatus; effectiveDate: string }[],
): PolicyCoverFacts {
  return {
    startDate: policy.startDate,
    paidToDate: policy.paidToDate,
    credit: policy.credit,
    premium: policy.finalPrice,
    gracePeriodDays: version.gracePeriodDays,
    reinstatedOn: policy.reinstatedOn,
    moves: moves.filter((move) => move.policyId === policy.id),
  };
}

/** The claims as ClaimResponse, in the order given, with everything a claim page shows. */
export async function toClaimResponses(db: DbOrTx, rows: Claim[]): Promise<ClaimResponse[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((claim) => claim.id);
  const changedBy = actorOfLabel(claimStatusHistory.changedBy, "changed_by");
  const [expenses, history, requirements, documents, payouts, corrections, cover] = await Promise.all([
    db
      .select()
      .from(claimExpenses)
      .where(inArray(claimExpenses.claimId, ids))
      .orderBy(asc(claimExpenses.createdAt), asc(claimExpenses.id)),
    db
      .select({
        ...getTableColumns(claimStatusHistory),
        changedByName: changedBy.name,
        changedByEmail: changedBy.email,
      })
      .from(claimStatusHistory)
      .leftJoin(changedBy.user, changedBy.onUser)
      .leftJoin(changedBy.apiKey, changedBy.onApiKey)
      .where(inArray(claimStatusHistory.claimId, ids))
      .orderBy(asc(claimStatusHistory.changedAt), asc(claimStatusHistory.id)),
    db
      .select()
      .from(claimRequirements)
      .where(inArray(claimRequirements.claimId, ids))
      .orderBy(asc(claimRequirements.position)),
    db
      .select(documentColumns)
      .from(claimDocuments)
      .where(inArray(claimDocuments.claimId, ids))
      .orderBy(asc(claimDocuments.uploadedAt), asc(claimDocuments.id)),
    namedPayouts(db, inArray(claimPayouts.claimId, ids)),
    namedCorrections(db, inArray(claimCorrections.claimId, ids)),
    coverFactsOf(db, rows),
  ]);
  const correctionsOfExpense = (id: string) => corrections.filter((row) => row.expenseId === id);
  const correctionsOfPayout = (id: string) => corrections.filter((row) => row.payoutId === id);
  const now = new Date();
  return rows.map((claim) => {
    const own = expenses.filter((expense) => expense.claimId === claim.id);
    const paid = payouts.filter((payout) => payout.claimId === claim.id);
    const facts = cover.policyFacts.get(claim.policyId);
    const life = cover.lives.get(claim.beneficiaryId);
    const eligibility = claimEligibility(claim, facts, life);
    return {
      id: claim.id,
      claim_number: claim.claimNumber,
      policy_id: claim.policyId,
      beneficiary_id: claim.beneficiaryId,
      description: claim.description,
      status: claim.status,
      reported_at: claim.reportedAt.toISOString(),
      waiting_period_met: eligibility ? eligibility.waiting_period.met : reportedAfterWaiting(claim, facts),
      date_of_death: claim.dateOfDeath,
      cause_of_death: claim.causeOfDeath,
      place_of_death_country: claim.placeOfDeathCountry,
      repatriation_to_country: claim.repatriationToCountry,
      eligibility,
      requirements: requirements.filter((row) => row.claimId === claim.id).map(toRequirementResponse),
      documents: documents.filter((row) => row.claimId === claim.id).map(toDocumentResponse),
      expenses: own.map((expense) => toClaimExpenseResponse(expense, correctionsOfExpense(expense.id))),
      total_expenses: totalsByCurrency(own),
      payouts: paid.map((payout) => toPayoutResponse(payout, correctionsOfPayout(payout.id))),
      total_paid_out: totalsByCurrency(paid),
      approved_at: toIso(claim.approvedAt),
      settle_by: toIso(claim.settleBy),
      is_overdue: isOverdue(claim, now),
      status_history: history
        .filter((row) => row.claimId === claim.id)
        .map((row) => ({
          from_status: row.fromStatus,
          to_status: row.toStatus,
          changed_by: row.changedBy,
          changed_by_name: row.changedByName,
          changed_by_email: row.changedByEmail,
          reason: row.reason,
          changed_at: row.changedAt.toISOString(),
        })),
    };
  });
}

type CoverFacts = Awaited<ReturnType<typeof coverFactsOf>>;

/** Section 2's eligibility, computed again on every read from the facts as they are now; null without a date. */
function claimEligibility(
  claim: Claim,
  facts: ReturnType<CoverFacts["policyFacts"]["get"]>,
  life: ReturnType<CoverFacts["lives"]["get"]>,
): EligibilityResponse | null {
  if (claim.dateOfDeath === null || !facts || !life) return null;
  return decideEligibility({
    dateOfDeath: claim.dateOfDeath,
    cause: claim.causeOfDeath,
    policy: facts,
    life,
    waitingDays: {
      natural: facts.version.wtimeNatural,
      accident: facts.version.wtimeAccident,
      suicide: facts.version.wtimeSuicide,
      preexisting: facts.version.wtimePreexisting,
    },
  });
}

/** The contract's waiting_period_met before the date of death is known: the report date against wtime_preexisting. */
function reportedAfterWaiting(claim: Claim, facts: ReturnType<CoverFacts["policyFacts"]["get"]>): boolean {
  if (!facts) return false;
  return todayUtc(claim.reportedAt) >= addDays(facts.startDate, facts.version.wtimePreexisting);
}

/** One claim as ClaimResponse. */
export async function toClaimResponse(db: DbOrTx, claim: Claim): Promise<ClaimResponse> {
  const [response] = await toClaimResponses(db, [claim]);
  return response;
}
