import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { leads } from "@/db/schema";
import { sweepDue } from "@/lib/background/retry-schedule";
import { createCrmContact, isCrmConfigured, updateCrmContact } from "./crm";
import { CRM_SYNC_STAGES } from "./stages";

/** Attempts made by the sync event (sync-lead-to-crm: one and six retries, about a minute). */
export const EVENT_CRM_SYNC_ATTEMPTS = 7;
/**
 * After those the CRM sweep retries 1, 2, 4, 8, 16 and 32 minutes apart, then hourly: after 22 failed
 * attempts (about ten hours) the sweep gives up and crm_sync_error says so.
 */
export const MAX_CRM_SYNC_ATTEMPTS = 22;

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
    .where(
      and(
        lt(leads.checkoutStartedAt, cutoff),
        isNull(leads.purchaseCompletedAt),
        eq(leads.abandonedCheckoutFlag, false),
      ),
    )
    .returning({ id: leads.id });
  return flagged.length;
}

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

/**
 * The CRM sweep's work list: leads in a CRM stage (QUALIFIED, CONVERTED) that the CRM does not have as
 * they are: their last sync failed, they were never synced, or they changed (a stage move whose event was
 * lost, an edit) since the last sync. A lead is due once it has rested after its last change or attempt
 * (updated_at) for least(1 h, 1 min * 2^max(crm_sync_attempts - 7, 0)), until MAX_CRM_SYNC_ATTEMPTS.
 * Nothing while the CRM is not configured.
 */
export async function findLeadsToSync(db: DbOrTx, limit = 100): Promise<string[]> {
  if (!isCrmConfigured()) return [];
  const rows = await db
    .select({ id: leads.id })
    .from(leads)
    .where(
      and(
        inArray(leads.stage, [...CRM_SYNC_STAGES]),
        lt(leads.crmSyncAttempts, MAX_CRM_SYNC_ATTEMPTS),
        or(isNotNull(leads.crmSyncError), isNull(leads.crmSyncedAt), lt(leads.crmSyncedAt, leads.updatedAt)),
        sweepDue(leads.updatedAt, leads.crmSyncAttempts, EVENT_CRM_SYNC_ATTEMPTS),
      ),
    )
    .orderBy(leads.updatedAt)
    .limit(limit);
  return rows.map((row) => row.id);
}
