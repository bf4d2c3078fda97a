import { and, eq } from "drizzle-orm";
import { beneficiaries, claimExpenses, claims, claimStatusHistory, type Claim } from "@/db/schema";
import { actorLabel, assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { findVisiblePolicy } from "@/lib/emission/policies";
import { todayUtc } from "@/lib/emission/dates";
import { BusinessRuleError, ConflictError } from "@/lib/errors";
import { writeAudit } from "@/lib/operations/audit";
import { acceptsExpenses, canMoveClaim } from "./claim-moves";
import { insertClaim } from "./open-claim";
import { findVisibleClaim, toClaimResponses } from "./read-claims";
import type { ClaimResponse, ClaimStatusInput, CreateClaimInput, CreateExpenseInput } from "./schemas";

async function respond(ctx: ServiceContext, claim: Claim): Promise<ClaimResponse> {
  const [response] = await toClaimResponses(ctx.db, [claim]);
  return response;
}

/**
 * POST /claims/. Checks in the contract's order: unknown policy (or one outside the caller's scope) 404;
 * a policy that is not ACTIVE on the report date (today) 422; a beneficiary not on that policy 422.
 */
export async function createClaim({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: CreateClaimInput;
}): Promise<ClaimResponse> {
  assertCan(ctx.actor, "claims:write");
  return inTransaction(ctx, async (tx) => {
    const policy = await findVisiblePolicy(tx.db, tx.actor, input.policy_id);
    const today = todayUtc();
    if (policy.status !== "ACTIVE" || today < policy.startDate || today > policy.endDate) {
      throw new BusinessRuleError("policy is not active", [
        {
          path: "policy_id",
          message: `the policy is ${policy.status} and covers ${policy.startDate} to ${policy.endDate}`,
        },
      ]);
    }
    const [beneficiary] = await tx.db
      .select()
      .from(beneficiaries)
      .where(and(eq(beneficiaries.id, input.beneficiary_id), eq(beneficiaries.policyId, policy.id)));
    if (!beneficiary)
      throw new BusinessRuleError("beneficiary does not belong to the policy", [
        { path: "beneficiary_id", message: "not a beneficiary of this policy" },
      ]);
    const claim = await insertClaim(tx, {
      policy,
      beneficiary,
      description: input.description,
      reason: "claim reported",
    });
    return respond(tx, claim);
  });
}

/** POST /claims/{id}/expenses: only while the claim is neither CLOSED nor REJECTED (409). */
export async function addExpense({
  ctx,
  claimId,
  input,
}: {
  ctx: ServiceContext;
  claimId: string;
  input: CreateExpenseInput;
}) {
  assertCan(ctx.actor, "claims:write");
  return inTransaction(ctx, async (tx) => {
    const visible = await findVisibleClaim(tx.db, tx.actor, claimId);
    // Locked, so an expense and a closing move of the same claim never cross.
    const [claim] = await tx.db.select().from(claims).where(eq(claims.id, visible.id)).for("update");
    if (!acceptsExpenses(claim.status)) throw new ConflictError(`no expenses can be added to a ${claim.status} claim`);
    const [expense] = await tx.db
      .insert(claimExpenses)
      .values({
        claimId: claim.id,
        amount: input.amount,
        currency: input.currency,
        expenseType: input.expense_type,
        receiptUrl: input.receipt_url ?? null,
        createdBy: actorLabel(tx.actor),
      })
      .returning();
    await writeAudit(tx, {
      action: "CLAIM_EXPENSE_ADDED",
      entity: "claims",
      entityId: claim.id,
      companyId: claim.companyId,
      details: {
        expense_id: expense.id,
        amount: expense.amount,
        currency: expense.currency,
        expense_type: expense.expenseType,
      },
    });
    return {
      id: expense.id,
      amount: expense.amount,
      currency: expense.currency,
      expense_type: expense.expenseType,
      receipt_url: expense.receiptUrl,
      created_at: expense.createdAt.toISOString(),
    };
  });
}

/** PATCH /claims/{id}/status: a move of the contract's table, with a history row and its reason. */
export async function moveClaim({
  ctx,
  claimId,
  input,
}: {
  ctx: ServiceContext;
  claimId: string;
  input: ClaimStatusInput;
}): Promise<ClaimResponse> {
  assertCan(ctx.actor, "claims:manage");
  return inTransaction(ctx, async (tx) => {
    const visible = await findVisibleClaim(tx.db, tx.actor, claimId);
    const [claim] = await tx.db.select().from(claims).where(eq(claims.id, visible.id)).for("update");
    if (!canMoveClaim(claim.status, input.status))
      throw new ConflictError(`a claim cannot move from ${claim.status} to ${input.status}`);
    const [updated] = await tx.db
      .update(claims)
      .set({ status: input.status, updatedAt: new Date() })
      .where(eq(claims.id, claim.id))
      .returning();
    await tx.db.insert(claimStatusHistory).values({
      claimId: claim.id,
      fromStatus: claim.status,
      toStatus: input.status,
      changedBy: actorLabel(tx.actor),
      reason: input.reason,
    });
    await writeAudit(tx, {
      action: "CLAIM_STATUS_CHANGED",
      entity: "claims",
      entityId: claim.id,
      companyId: claim.companyId,
      details: { from_status: claim.status, to_status: input.status, reason: input.reason },
    });
    return respond(tx, updated);
  });
}
