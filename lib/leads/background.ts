import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { leads } from "@/db/schema";
import { createCrmContact, isCrmConfigured, updateCrmContact } from "./crm";

/** Minutes after checkout_started_at without a purchase before a checkout counts as abandoned. */
export function abandonedCheckoutMinutes(): number {
  const minutes = Number(process.env.ABANDONED_CHECKOUT_MINUTES ?? 60);
  return Number.isFinite(minutes) && minutes > 0 ? minutes : 60;
}

/** Flags every checkout started more than ABANDONED_CHECKOUT_MINUTES before `now` with no purchase. */
export async function markAbandonedCheckouts(db: DbOrTx, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - abandonedCheckoutMinutes() * 60_000);
  const flagged = await db
    .update(leads)
    .set({ abandonedCheckoutFlag: true, updatedAt: now })
    .where(and(lt(leads.checkoutStartedAt, cutoff), isNull(leads.purchaseCompletedAt), eq(leads.abandonedCheckoutFlag, false)))
    .returning({ id: leads.id });
  return flagged.length;
}

export type CrmSyncOutcome = "CREATED" | "UPDATED" | "NOT_CONFIGURED" | "NOT_FOUND";

/**
 * Sends one lead to the CRM: created the first time (its CRM id kept in crm_lead_id), updated by that id
 * afterwards. The lead row stays locked during the call, so two syncs of one lead take turns and create
 * it once. A failure is recorded on the lead (crm_sync_error) and thrown, so the background function
 * retries it.
 */
export async function syncLeadToCrm(db: DbOrTx, leadId: string): Promise<CrmSyncOutcome> {
  if (!isCrmConfigured()) {
    await db.update(leads).set({ crmSyncError: "the CRM is not configured (HUBSPOT_ACCESS_TOKEN)" }).where(eq(leads.id, leadId));
    return "NOT_CONFIGURED";
  }
  try {
    return await db.transaction(async (tx) => {
      const [lead] = await tx.select().from(leads).where(eq(leads.id, leadId)).for("update");
      if (!lead) return "NOT_FOUND" as const;
      const contact = { phone: lead.phoneE164, firstName: lead.firstName, lastName: lead.lastName, email: lead.email, stage: lead.stage };
      const { id } = lead.crmLeadId ? await updateCrmContact(lead.crmLeadId, contact) : await createCrmContact(contact);
      await tx.update(leads).set({ crmLeadId: id, crmSyncedAt: new Date(), crmSyncError: null }).where(eq(leads.id, lead.id));
      return lead.crmLeadId ? ("UPDATED" as const) : ("CREATED" as const);
    });
  } catch (error) {
    await db
      .update(leads)
      .set({ crmSyncError: sql`${(error instanceof Error ? error.message : String(error)).slice(0, 1000)}` })
      .where(eq(leads.id, leadId));
    throw error;
  }
}
