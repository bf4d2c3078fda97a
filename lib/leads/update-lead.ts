import { eq } from "drizzle-orm";
import { leads } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { inTransaction, sendAfterCommit, type ServiceContext } from "@/lib/context";
import { writeAudit } from "@/lib/operations/audit";
import { getLeadOrThrow, toLeadResponse, withClientName } from "./internal";
import type { LeadResponse, UpdateLeadInput } from "./schemas";
import { assertLeadMove, CRM_SYNC_STAGES } from "./state-machine";

/**
 * PATCH /leads/{id}: the stage machine (409 for a move it does not allow), the score, names, and the
 * checkout markers (true stamps the marker's time once). Reaching QUALIFIED or CONVERTED sends the lead
 * to the CRM once the change has committed.
 */
export async function updateLead({
  ctx,
  leadId,
  input,
}: {
  ctx: ServiceContext;
  leadId: string;
  input: UpdateLeadInput;
}): Promise<LeadResponse> {
  assertCan(ctx.actor, "leads:write");
  return inTransaction(ctx, async (tx) => {
    const lead = await getLeadOrThrow(tx, leadId, { forUpdate: true });
    // Sending the current stage again is not a move (clients often send the whole record back).
    const moving = input.stage !== undefined && input.stage !== lead.stage;
    if (moving) assertLeadMove(lead.stage, input.stage!);
    const now = new Date();
    const stamp = (flag: boolean | undefined, current: Date | null) => (flag ? (current ?? now) : current);
    const purchaseCompletedAt = stamp(input.purchase_completed, lead.purchaseCompletedAt);
    const [updated] = await tx.db
      .update(leads)
      .set({
        stage: input.stage ?? lead.stage,
        leadScore: input.lead_score ?? lead.leadScore,
        firstName: input.first_name ?? lead.firstName,
        lastName: input.last_name ?? lead.lastName,
        email: input.email ?? lead.email,
        formStartedAt: stamp(input.form_started, lead.formStartedAt),
        formCompletedAt: stamp(input.form_completed, lead.formCompletedAt),
        checkoutStartedAt: stamp(input.checkout_started, lead.checkoutStartedAt),
        purchaseCompletedAt,
        // A purchase ends the abandonment: the checkout was completed after all.
        abandonedCheckoutFlag: purchaseCompletedAt ? false : lead.abandonedCheckoutFlag,
        convertedToContactFlag: lead.convertedToContactFlag || input.stage === "CONVERTED",
        // A move into a CRM stage is a new request to sync: the retries start over.
        crmSyncAttempts: moving && CRM_SYNC_STAGES.includes(input.stage!) ? 0 : lead.crmSyncAttempts,
        updatedAt: now,
      })
      .where(eq(leads.id, lead.id))
      .returning();
    if (moving) {
      await writeAudit(tx, {
        action: "LEAD_STAGE_CHANGED",
        entity: "leads",
        entityId: lead.id,
        companyId: lead.companyId,
        details: { from_stage: lead.stage, to_stage: input.stage },
      });
      if (input.stage === "CONVERTED") {
        await writeAudit(tx, {
          action: "LEAD_CONVERTED",
          entity: "leads",
          entityId: lead.id,
          companyId: lead.companyId,
          // client_id: the client POST /leads/{id}/convert set just before; null for a PATCH.
          details: { phone_e164: lead.phoneE164, client_id: lead.clientId },
        });
      }
      if (CRM_SYNC_STAGES.includes(input.stage!))
        sendAfterCommit(tx, { name: "leads/lead.crm-sync-requested", data: { lead_id: lead.id } });
    }
    return toLeadResponse(await withClientName(tx.db, updated));
  });
}
