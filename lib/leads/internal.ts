import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { clients, leads, type Lead } from "@/db/schema";
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

/** A lead with the name of the client it became (null until POST /leads/{id}/convert links one). */
export type LeadWithClient = Lead & { clientName: string | null };

/** The name of a lead's client, for a query that left-joins `clients` on `leads.client_id`. */
export const leadClientName = sql<string | null>`${clients.firstName} || ' ' || ${clients.lastName}`;

/** A lead row as a statement returned it (update, insert), with its client's name read beside it. */
export async function withClientName(db: DbOrTx, lead: Lead): Promise<LeadWithClient> {
  if (!lead.clientId) return { ...lead, clientName: null };
  const [client] = await db.select({ name: leadClientName }).from(clients).where(eq(clients.id, lead.clientId));
  return { ...lead, clientName: client?.name ?? null };
}

export function toLeadResponse(lead: LeadWithClient): LeadResponse {
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
    client_id: lead.clientId,
    client_name: lead.clientName,
    created_at: lead.createdAt.toISOString(),
    updated_at: lead.updatedAt.toISOString(),
  };
}
