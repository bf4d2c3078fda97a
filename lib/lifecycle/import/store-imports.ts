import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { chunksForInsert } from "@/db/chunks";
import {
  beneficiaries,
  policies,
  policyAccountEntries,
  policyStatusHistory,
  type Beneficiary,
  type Policy,
} from "@/db/schema";
import { actorLabel } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { todayUtc } from "@/lib/emission/dates";
import { nextPolicyNumber } from "@/lib/emission/policy-numbers";
import { recordTerm } from "@/lib/emission/terms";
import { writeAudit } from "@/lib/operations/audit";
import type { PreparedImport } from "./prepare-import";

/** The reference of the opening account entry that records an imported paid-to date. */
export const openingBalanceReference = (paidToDate: string) => `opening balance: paid to ${paidToDate} (imported)`;

/**
 * Writes prepared imports inside the caller's transaction, many rows per statement: the policies (in
 * the client's company and business unit), their lives, their history rows (changed_by the actor), an
 * opening ADJUSTMENT of 0.00 recording an imported paid-to date (no money moved here: the premiums were
 * received by the old system), the current term's row and the POLICY_IMPORTED audit entry. Policies
 * without a number get one last, as issue does, so the year's counter stays locked for the shortest time.
 */
export async function storeImports(
  ctx: ServiceContext,
  imports: PreparedImport[],
): Promise<Array<{ policy: Policy; people: Beneficiary[] }>> {
  const today = todayUtc();
  const changedBy = actorLabel(ctx.actor);
  const createdBy = ctx.actor.kind === "user" ? ctx.actor.userId : null;

  const policyRows = imports.map((item) => ({
    policyNumber: item.input.policy_number ?? `PROVISIONAL-${randomUUID()}`,
    clientId: item.client.id,
    planVersionId: item.version.config.version.id,
    companyId: item.client.companyId,
    businessUnitId: item.client.businessUnitId,
    startDate: item.input.start_date,
    termNumber: item.termNumber,
    termStartDate: item.termStartDate,
    endDate: item.endDate,
    currency: item.version.config.version.currency,
    finalPrice: item.finalPrice,
    status: item.status,
    paidToDate: item.input.paid_to_date ?? null,
    lapsedOn: item.lapsedOn,
    autoRenew: item.input.auto_renew ?? true,
    createdBy,
  }));
  const byNumber = new Map<string, Policy>();
  for (const chunk of chunksForInsert(policyRows))
    for (const policy of await ctx.db.insert(policies).values(chunk).returning())
      byNumber.set(policy.policyNumber, policy);
  // In the order of `imports`, whatever order the database returned them in.
  const stored = policyRows.map((row) => byNumber.get(row.policyNumber)!);

  const lifeRows = imports.flatMap((item, at) =>
    item.lives.map((life, index) => ({
      policyId: stored[at].id,
      firstName: life.person.first_name,
      lastName: life.person.last_name,
      kinshipType: life.person.kinship_type,
      dateOfBirth: life.person.date_of_birth,
      countryOfResidence: life.person.country_of_residence ?? null,
      ageAtStart: life.ageAtStart,
      ageAtTermStart: life.ageAtTermStart,
      price: life.price,
      coverStartDate: life.coverStartDate,
      position: index,
    })),
  );
  const people: Beneficiary[] = [];
  for (const chunk of chunksForInsert(lifeRows))
    people.push(...(await ctx.db.insert(beneficiaries).values(chunk).returning()));
  const peopleOf = new Map<string, Beneficiary[]>(stored.map((policy) => [policy.id, []]));
  for (const person of people) peopleOf.get(person.policyId)!.push(person);

  // Rows written in one transaction share its now(): each gets its own instant, so the history reads in
  // the order the lifecycle would have written it.
  const now = Date.now();
  const historyRows = imports.flatMap((item, at) =>
    item.history.map((move, step) => ({
      policyId: stored[at].id,
      fromStatus: move.from,
      toStatus: move.to,
      changedBy,
      reason: move.reason,
      effectiveDate: move.effectiveDate,
      changedAt: new Date(now + step),
    })),
  );
  for (const chunk of chunksForInsert(historyRows)) await ctx.db.insert(policyStatusHistory).values(chunk);

  const openingRows = imports.flatMap((item, at) =>
    item.input.paid_to_date
      ? [
          {
            policyId: stored[at].id,
            entryDate: today,
            kind: "ADJUSTMENT" as const,
            amount: "0.00",
            reference: openingBalanceReference(item.input.paid_to_date),
          },
        ]
      : [],
  );
  for (const chunk of chunksForInsert(openingRows)) await ctx.db.insert(policyAccountEntries).values(chunk);

  for (const [at, policy] of stored.entries()) {
    const item = imports[at];
    await recordTerm(ctx.db, policy, peopleOf.get(policy.id)!);
    await writeAudit(ctx, {
      action: "POLICY_IMPORTED",
      entity: "policies",
      entityId: policy.id,
      companyId: policy.companyId,
      details: {
        client_id: policy.clientId,
        plan_version_id: policy.planVersionId,
        status: policy.status,
        start_date: policy.startDate,
        term_number: policy.termNumber,
        paid_to_date: policy.paidToDate,
        final_price: policy.finalPrice,
        premium: item.premiumGiven ? "given" : "priced",
        beneficiaries: item.lives.length,
      },
    });
  }

  // A new number is of the year the policy came into this system.
  const year = Number(today.slice(0, 4));
  const numbered: Policy[] = [];
  for (const [at, policy] of stored.entries()) {
    if (imports[at].input.policy_number !== undefined) {
      numbered.push(policy);
      continue;
    }
    const policyNumber = await nextPolicyNumber(ctx.db, year);
    await ctx.db.update(policies).set({ policyNumber }).where(eq(policies.id, policy.id));
    numbered.push({ ...policy, policyNumber });
  }
  return numbered.map((policy) => ({ policy, people: peopleOf.get(policy.id)! }));
}
