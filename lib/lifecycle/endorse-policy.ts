import { and, asc, eq, inArray } from "drizzle-orm";
import { beneficiaries, clients, policies, type Beneficiary } from "@/db/schema";
import { actorLabel, assertCan } from "@/lib/auth/actor";
import { scopeFilter } from "@/lib/auth/scope-filter";
import { getPricingConfig } from "@/lib/catalog/pricing-config";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { todayUtc } from "@/lib/emission/dates";
import { toPolicyResponses } from "@/lib/emission/internal";
import { checkNewLives, priceNewLives } from "@/lib/emission/issue-policy";
import { BusinessRuleError, ConflictError, NotFoundError, type FieldError } from "@/lib/errors";
import { isCovered, premiumOf, recordEndorsement, toEndorsementResponse } from "./endorsement";
import type { EndorsePolicyInput, EndorsePolicyResponse } from "./schemas";

/** Carries a dry run's answer out of the transaction it rolls back. */
class DryRunRollback extends Error {
  constructor(readonly answer: EndorsePolicyResponse) {
    super("dry run rolled back");
  }
}

/**
 * POST /emission/policies/{id}/endorsements (lifecycle.md section 7): adds and removes covered lives of an
 * ACTIVE policy, effective today (UTC). A dry run goes through the very same writes in a transaction (a
 * savepoint when the caller holds one) that is then rolled back, so its answer is the real one's; only the
 * processor is never told, and its background events are dropped with it. The ids it made up are
 * answered as null.
 */
export async function endorsePolicy({
  ctx,
  policyId,
  input,
  dryRun = false,
}: {
  ctx: ServiceContext;
  policyId: string;
  input: EndorsePolicyInput;
  dryRun?: boolean;
}): Promise<EndorsePolicyResponse> {
  assertCan(ctx.actor, "emission:write");
  if (!dryRun) return inTransaction(ctx, (tx) => endorse(tx, policyId, input, true));
  const answer = await ctx.db
    .transaction(async (db) => {
      throw new DryRunRollback(await endorse({ ...ctx, db, pendingEvents: [] }, policyId, input, false));
    })
    .catch((error: unknown) => {
      if (error instanceof DryRunRollback) return error.answer;
      throw error;
    });
  return withoutMadeUpIds(answer);
}

function withoutMadeUpIds(answer: EndorsePolicyResponse): EndorsePolicyResponse {
  const madeUp = new Set(answer.endorsement.added.map((life) => life.id));
  const clear = <T extends { id: string | null }>(life: T): T => (madeUp.has(life.id) ? { ...life, id: null } : life);
  return {
    endorsement: {
      ...answer.endorsement,
      id: null,
      created_at: null,
      added: answer.endorsement.added.map(clear),
    },
    policy: { ...answer.policy, beneficiaries: answer.policy.beneficiaries.map(clear) },
  };
}

async function endorse(
  tx: ServiceContext,
  policyId: string,
  input: EndorsePolicyInput,
  tellProcessor: boolean,
): Promise<EndorsePolicyResponse> {
  // In the caller's scope (a change needs emission:write there, whatever it may read), locked.
  const [policy] = await tx.db
    .select()
    .from(policies)
    .where(and(eq(policies.id, policyId), scopeFilter(tx.actor, policies)))
    .for("update");
  if (!policy) throw new NotFoundError("policy");
  if (policy.status !== "ACTIVE") {
    throw new ConflictError(
      `policy ${policy.policyNumber} is ${policy.status}: lives are added or removed only while it is ACTIVE`,
    );
  }
  const today = todayUtc();
  const add = input.add ?? [];
  const remove = input.remove ?? [];

  const [lives, [client], config] = await Promise.all([
    tx.db
      .select()
      .from(beneficiaries)
      .where(eq(beneficiaries.policyId, policy.id))
      .orderBy(asc(beneficiaries.position), asc(beneficiaries.id)),
    tx.db.select().from(clients).where(eq(clients.id, policy.clientId)),
    getPricingConfig(tx.db, policy.planVersionId),
  ]);
  if (!config) throw new Error(`policy ${policy.id} has no plan version`);

  const removeProblems = remove.flatMap((id, index): FieldError[] => {
    const path = `remove.${index}`;
    const life = lives.find((candidate) => candidate.id === id);
    if (remove.indexOf(id) !== index) return [{ path, message: "is listed twice", code: "duplicate" }];
    if (!life) return [{ path, message: "is not a beneficiary of this policy", code: "not_policy_beneficiary" }];
    if (life.deceasedFlag)
      return [{ path, message: "is deceased and cannot be removed", code: "beneficiary_deceased" }];
    if (life.coverEndDate !== null)
      return [{ path, message: `was removed already (cover ended on ${life.coverEndDate})`, code: "already_removed" }];
    return [];
  });

  const kept = lives.filter((life) => isCovered(life) && !remove.includes(life.id));
  const checked = checkNewLives(config, add, {
    on: today,
    clientCountry: client.countryOfResidence,
    covered: kept.map((life) => life.kinshipType),
  });
  const addProblems = checked.problems.map((problem): FieldError => ({
    path: `add.${problem.index}.${problem.field}`,
    message: problem.message,
    code: problem.code,
  }));
  // Every problem at once, as at issue; the detail names the first.
  const problems = [...removeProblems, ...addProblems];
  if (problems.length > 0) {
    const [first] = problems;
    const index = Number(first.path.split(".")[1]);
    const who = removeProblems.length > 0 ? `beneficiary ${remove[index]}` : `added beneficiary ${index + 1}`;
    throw new BusinessRuleError(`${who}: ${first.message}`, problems);
  }
  if (kept.length + add.length === 0) {
    throw new BusinessRuleError("a policy must keep at least one covered life", [
      { path: "remove", message: "would leave the policy without a covered life", code: "no_life_left" },
    ]);
  }

  const removed: Beneficiary[] =
    remove.length === 0
      ? []
      : await tx.db
          .update(beneficiaries)
          .set({ coverEndDate: today })
          .where(and(eq(beneficiaries.policyId, policy.id), inArray(beneficiaries.id, remove)))
          .returning();
  const quotes = priceNewLives(config, add, checked.ages, client.countryOfResidence);
  const nextPosition = Math.max(-1, ...lives.map((life) => life.position)) + 1;
  const added: Beneficiary[] =
    add.length === 0
      ? []
      : await tx.db
          .insert(beneficiaries)
          .values(
            add.map((person, index) => ({
              policyId: policy.id,
              firstName: person.first_name,
              lastName: person.last_name,
              kinshipType: person.kinship_type,
              dateOfBirth: person.date_of_birth,
              countryOfResidence: person.country_of_residence ?? null,
              ageAtStart: checked.ages[index],
              ageAtTermStart: checked.ages[index],
              price: quotes[index].final_price,
              coverStartDate: today,
              position: nextPosition + index,
            })),
          )
          .returning();
  // In the order asked for (an UPDATE ... RETURNING keeps none).
  removed.sort((a, b) => remove.indexOf(a.id) - remove.indexOf(b.id));

  const premiumAfter = premiumOf([...kept, ...added]);
  const recorded = await recordEndorsement(tx, {
    policy,
    effectiveDate: today,
    reason: input.reason,
    premiumAfter,
    added,
    removed,
    createdBy: actorLabel(tx.actor),
    tellProcessor,
  });
  const [response] = await toPolicyResponses(tx.db, [recorded.policy]);
  return { endorsement: toEndorsementResponse(recorded.endorsement), policy: response };
}
