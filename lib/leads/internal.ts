import { and, eq } from "drizzle-orm";
import { leads, type Lead } from "@/db/schema";
import { scopeFilter } from "@/lib/auth/scope-filter";
import type { ServiceContext } from "@/lib/context";
import { NotFoundError } from "@/lib/errors";
import type { LeadResponse } from "./schemas";

/** A lead in the caller's scope (company, business unit), or 404; with `forUpdate`, locked until the transaction ends. */
export async function getLeadOrThrow(
  ctx: ServiceContext,
  leadId: string,
  options: { forUpdate?: boolean } = {},
): Promise<Lead> {
  const query = ctx.db
    .select()
    .from(leads)
    .where(and(eq(leads.id, leadId), scopeFilter(ctx.actor, leads)));
  const [lead] = options.forUpdate ? await query.for("update") : await query;
  if (!lead) throw new NotFoundError("lead");
  return lead;
}

export function toLeadResponse(lead: Lead): LeadResponse {
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    id: lead.id,
    first_name: lead.firstName,
    last_name: lead.lastName,
    email: lead.email,
    phone_e164: lead.phoneE164,
    stage: lead.stage,
    lead_score: lead.leadScore,
    crm_lead_id: lead.crmLeadId,
    converted_to_contact_flag: lead.convertedToContactFlag,
    source_channel: lead.sourceChannel,
    utm_source: lead.utmSource,
    utm_medium: lead.utmMedium,
    campaign_id: lead.campaignId,
    landing_page: lead.landingPage,
    form_started_at: iso(lead.formStartedAt),
    form_completed_at: iso(lead.formCompletedAt),
    checkout_started_at: iso(lead.checkoutStartedAt),
    purchase_completed_at: iso(lead.purchaseCompletedAt),
    abandoned_checkout_flag: lead.abandonedCheckoutFlag,
    created_at: lead.createdAt.toISOString(),
    updated_at: lead.updatedAt.toISOString(),
  };
}
