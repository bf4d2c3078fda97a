import { and, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { leads } from "@/db/schema";
import { sweepDue } from "@/lib/background/retry-schedule";
import { isCrmConfigured } from "./crm";
import { CRM_SYNC_STAGES } from "./state-machine";
import { EVENT_CRM_SYNC_ATTEMPTS, MAX_CRM_SYNC_ATTEMPTS } from "./sync-lead-to-crm";

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
