import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { leads } from "@/db/schema";
import { createCrmContact, isCrmConfigured, updateCrmContact } from "./crm";

/** Attempts made by the sync event (sync-lead-to-crm: one and six retries, about a minute). */
export const EVENT_CRM_SYNC_ATTEMPTS = 7;
/**
 * After those the CRM sweep retries 1, 2, 4, 8, 16 and 32 minutes apart, then hourly: after 22 failed
 * attempts (about ten hours) the sweep gives up and crm_sync_error says so.
 */
export const MAX_CRM_SYNC_ATTEMPTS = 22;

export type CrmSyncOutcome = "CREATED" | "UPDATED" | "NOT_CONFIGURED" | "NOT_FOUND";

/**
 * Sends one lead to the CRM: created the first time (its CRM id kept in crm_lead_id), updated by that id
 * afterwards. The lead row stays locked during the call, so two syncs of one lead take turns and create
 * it once. A failure is recorded on the lead (crm_sync_error, crm_sync_attempts + 1) and thrown, so the
 * background function retries it; after that the CRM sweep does (findLeadsToSync). A success sets
 * crm_synced_at and updated_at to the same instant, so a later change of the lead shows it is stale.
 */
export async function syncLeadToCrm(db: DbOrTx, leadId: string): Promise<CrmSyncOutcome> {
  if (!isCrmConfigured()) {
    await db
      .update(leads)
      .set({ crmSyncError: "the CRM is not configured (HUBSPOT_ACCESS_TOKEN)" })
      .where(eq(leads.id, leadId));
    return "NOT_CONFIGURED";
  }
  try {
    return await db.transaction(async (tx) => {
      const [lead] = await tx.select().from(leads).where(eq(leads.id, leadId)).for("update");
      if (!lead) return "NOT_FOUND" as const;
      const contact = {
        phone: lead.phoneE164,
        firstName: lead.firstName,
        lastName: lead.lastName,
        email: lead.email,
        stage: lead.stage,
      };
      const { id } = lead.crmLeadId ? await updateCrmContact(lead.crmLeadId, contact) : await createCrmContact(contact);
      const now = new Date();
      await tx
        .update(leads)
        .set({ crmLeadId: id, crmSyncedAt: now, updatedAt: now, crmSyncError: null, crmSyncAttempts: 0 })
        .where(eq(leads.id, lead.id));
      return lead.crmLeadId ? ("UPDATED" as const) : ("CREATED" as const);
    });
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 900);
    // The last attempt says so, so that the back office can tell a lead the sweep has given up on.
    await db
      .update(leads)
      .set({
        crmSyncAttempts: sql`${leads.crmSyncAttempts} + 1`,
        crmSyncError: sql`case when ${leads.crmSyncAttempts} + 1 >= ${MAX_CRM_SYNC_ATTEMPTS}
          then ${message}::text || ' (gave up after ' || (${leads.crmSyncAttempts} + 1) || ' attempts)' else ${message}::text end`,
      })
      .where(eq(leads.id, leadId));
    throw error;
  }
}
