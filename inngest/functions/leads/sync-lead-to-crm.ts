import { getDb } from "@/db";
import { EVENT_CRM_SYNC_ATTEMPTS, syncLeadToCrm } from "@/lib/leads/sync-lead-to-crm";
import { defineBackgroundFunction } from "../../define";

// A lead reached QUALIFIED or CONVERTED: create or update it in the CRM, retried here for about a minute
// while the CRM fails, then by the CRM sweep (sweep-crm-sync).
export const syncLeadToCrmFunction = defineBackgroundFunction(
  { id: "sync-lead-to-crm", trigger: { event: "leads/lead.crm-sync-requested" }, retries: EVENT_CRM_SYNC_ATTEMPTS - 1 },
  async ({ event, step }) => step.run("sync", async () => syncLeadToCrm(await getDb(), event.data.lead_id)),
);
