import { getDb } from "@/db";
import { findLeadsToSync } from "@/lib/leads/find-leads-to-sync";
import { syncLeadToCrm } from "@/lib/leads/sync-lead-to-crm";
import { defineBackgroundFunction } from "../../define";

// Every minute: syncs leads the CRM does not have as they are (a sync whose retries all failed, or whose
// event was lost), each with a back-off from a minute up to an hour (findLeadsToSync), until
// MAX_CRM_SYNC_ATTEMPTS; crm_sync_error keeps the reason meanwhile.
export const sweepCrmSyncFunction = defineBackgroundFunction(
  { id: "sweep-crm-sync", trigger: { cron: "* * * * *" }, retries: 0 },
  async ({ step }) => {
    const ids = await step.run("find-unsynced", async () => findLeadsToSync(await getDb()));
    for (const id of ids) {
      await step.run(`sync-${id}`, async () =>
        syncLeadToCrm(await getDb(), id).catch((error: Error) => `RETRY: ${error.message}`),
      );
    }
    return { swept: ids.length };
  },
);
