import { eq } from "drizzle-orm";
import {
  clients,
  policies,
  policyEndorsements,
  type Beneficiary,
  type Policy,
  type PolicyEndorsement,
} from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { toBeneficiaryResponse } from "@/lib/emission/internal";
import { money, formatMoney } from "@/lib/money";
import { enqueueNotification } from "@/lib/notifications/enqueue-notification";
import { clientLanguage } from "@/lib/notifications/language";
import { writeAudit } from "@/lib/operations/audit";
import { updateSubscriptionAmount } from "@/lib/payments/subscription-changes";
import type { EndorsementResponse } from "./schemas";

// What every change of covered lives does once its lives are written (lifecycle.md section 7), whether a
// person asked for it (endorse-policy.ts) or a death made it (mark-beneficiary-deceased.ts).

/** A life the policy still covers: not removed, not dead. */
export function isCovered(life: Beneficiary): boolean {
  return life.coverEndDate === null && !life.deceasedFlag;
}

/** The premium of a policy covering these lives: the sum of their prices. */
export function premiumOf(lives: Beneficiary[]): string {
  return formatMoney(lives.reduce((sum, life) => sum.plus(life.price), money(0)));
}

export function toEndorsementResponse(row: PolicyEndorsement): EndorsementResponse {
  return {
    id: row.id,
    effective_date: row.effectiveDate,
    reason: row.reason,
    premium_before: row.premiumBefore,
    premium_after: row.premiumAfter,
    added: row.added as EndorsementResponse["added"],
    removed: row.removed as EndorsementResponse["removed"],
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Records a change of the policy's lives, already written: final_price becomes `premiumAfter` at once (it
 * applies to every premium not yet paid; paid ones stay paid), the endorsement row, audit
 * POLICY_ENDORSED, the client's notice, and the card subscription's amount at the processor, told last so
 * that a refusal there rolls the whole change back. Call it inside the change's transaction.
 */
export async function recordEndorsement(
  tx: ServiceContext,
  change: {
    policy: Policy;
    effectiveDate: string;
    reason: string;
    premiumAfter: string;
    added: Beneficiary[];
    removed: Beneficiary[];
    createdBy: string;
    /** A dry run writes everything to roll it back, but never reaches the processor. */
    tellProcessor: boolean;
  },
): Promise<{ endorsement: PolicyEndorsement; policy: Policy }> {
  const { policy } = change;
  const [updated] = await tx.db
    .update(policies)
    .set({ finalPrice: change.premiumAfter, updatedAt: new Date() })
    .where(eq(policies.id, policy.id))
    .returning();
  const [endorsement] = await tx.db
    .insert(policyEndorsements)
    .values({
      policyId: policy.id,
      effectiveDate: change.effectiveDate,
      reason: change.reason,
      premiumBefore: policy.finalPrice,
      premiumAfter: change.premiumAfter,
      added: change.added.map(toBeneficiaryResponse),
      removed: change.removed.map(toBeneficiaryResponse),
      createdBy: change.createdBy,
    })
    .returning();
  await writeAudit(tx, {
    action: "POLICY_ENDORSED",
    entity: "policies",
    entityId: policy.id,
    companyId: policy.companyId,
    details: {
      endorsement_id: endorsement.id,
      effective_date: change.effectiveDate,
      premium_before: policy.finalPrice,
      premium_after: change.premiumAfter,
      added: change.added.map((life) => life.id),
      removed: change.removed.map((life) => life.id),
      created_by: change.createdBy,
    },
  });
  const [client] = await tx.db.select().from(clients).where(eq(clients.id, policy.clientId));
  await enqueueNotification(tx, {
    channel: "EMAIL",
    recipient: client.email,
    template: "policy.endorsed",
    language: clientLanguage(client),
    companyId: policy.companyId,
    payload: {
      name: client.firstName,
      policy_number: policy.policyNumber,
      effective_date: change.effectiveDate,
      added: change.added.length,
      removed: change.removed.length,
      premium_before: policy.finalPrice,
      premium_after: change.premiumAfter,
      currency: policy.currency,
    },
  });
  if (change.tellProcessor) await updateSubscriptionAmount(tx, updated);
  return { endorsement, policy: updated };
}
