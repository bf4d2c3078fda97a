import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { getLeadOrThrow, toLeadResponse, withClientName } from "./internal";
import type { LeadDetailResponse } from "./schemas";

/** GET /leads/{id}: the lead with its CRM sync state, so the back office can say why it is not in the CRM. */
export async function getLead({ ctx, leadId }: { ctx: ServiceContext; leadId: string }): Promise<LeadDetailResponse> {
  assertCan(ctx.actor, "leads:read");
  const lead = await getLeadOrThrow(ctx, leadId);
  return {
    ...toLeadResponse(await withClientName(ctx.db, lead)),
    crm_synced_at: lead.crmSyncedAt?.toISOString() ?? null,
    crm_sync_error: lead.crmSyncError,
  };
}
