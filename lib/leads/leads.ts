import { and, count, desc, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { businessUnits, leads, type Lead } from "@/db/schema";
import { assertCan, can } from "@/lib/auth/actor";
import { scopeFilter } from "@/lib/auth/scope-filter";
import { inTransaction, sendAfterCommit, type ServiceContext } from "@/lib/context";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { getDefaultCompanyId } from "@/lib/identity/internal";
import { writeAudit } from "@/lib/operations/audit";
import { assertCountryExists } from "@/lib/operations/internal";
import { consumeRateLimit } from "@/lib/operations/rate-limit";
import { phoneToE164OrThrow } from "@/lib/phone";
import type {
  CapturedLeadResponse,
  CaptureLeadInput,
  LeadDetailResponse,
  LeadResponse,
  ListLeadsQuery,
  UpdateLeadInput,
} from "./schemas";
import { canMoveLead, CRM_SYNC_STAGES } from "./stages";

export const LEADS_PER_MINUTE = 30;

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

// The columns a capture writes, by what a later capture of the same phone may do to them. Contact
// fields: a caller who may read the lead (leads:read, the lead in its scope) corrects them; anyone else
// only fills those still empty. Source fields keep their first non-empty value, whoever posts.
const CONTACT_COLUMNS = [leads.firstName, leads.lastName, leads.email] as const;
const SOURCE_COLUMNS = [
  leads.sourceChannel,
  leads.utmSource,
  leads.utmMedium,
  leads.campaignId,
  leads.landingPage,
] as const;

/** The value this post brings for a column of the known lead (`excluded.<column>` in ON CONFLICT). */
function posted(column: AnyPgColumn): SQL {
  return sql`excluded.${sql.identifier(column.name)}`;
}

/**
 * POST /leads/ (public). One statement inserts the lead or updates the one with the same phone, so
 * concurrent posts of a phone never make two leads; `created` tells a new lead (201) from a known one
 * (200). What the post may change and what it gets back depend on the caller (trust.md section 4): a
 * caller with leads:read whose scope holds the lead (a landing site's key, a seller, ADMIN) corrects
 * names and e-mail and gets the whole lead; anyone else (nobody, a caller without leads:read, another
 * company's or unit's) only fills empty fields and gets `{id}`. updated_at moves only when a value
 * changed, so a post that changes nothing gives the CRM sweep nothing to send.
 */
export async function captureLead({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: CaptureLeadInput;
}): Promise<{ lead: LeadResponse | CapturedLeadResponse; created: boolean }> {
  await consumeRateLimit(ctx.db, {
    key: `leads:${ctx.ipAddress ?? "unknown"}`,
    limit: LEADS_PER_MINUTE,
    windowSeconds: 60,
    message: "too many leads from this address; try again in a minute",
  });
  await assertCountryExists(ctx.db, input.country_code, "country_code");
  const phone = phoneToE164OrThrow(input.phone_e164, input.country_code, "phone_e164");
  // A lead belongs to the business unit named by the form, else to the default company.
  const [unit] = input.business_unit_id
    ? await ctx.db
        .select({ companyId: businessUnits.companyId })
        .from(businessUnits)
        .where(eq(businessUnits.id, input.business_unit_id))
    : [];
  if (input.business_unit_id && !unit) throw new NotFoundError("business unit");
  const companyId = unit?.companyId ?? (await getDefaultCompanyId(ctx.db));

  // Evaluated on the stored row (in SET) and on the row written (in RETURNING): the lead is the caller's to read.
  const readable = can(ctx.actor, "leads:read") ? (scopeFilter(ctx.actor, leads) ?? sql`true`) : sql`false`;
  const next = new Map<AnyPgColumn, SQL>([
    ...CONTACT_COLUMNS.map(
      (column) =>
        [
          column,
          sql`case when ${readable} then coalesce(${posted(column)}, ${column}) else coalesce(${column}, ${posted(column)}) end`,
        ] as const,
    ),
    ...SOURCE_COLUMNS.map((column) => [column, sql`coalesce(${column}, ${posted(column)})`] as const),
  ]);
  const changed = sql.join(
    [...next].map(([column, value]) => sql`(${value}) is distinct from ${column}`),
    sql` or `,
  );
  const [row] = await ctx.db
    .insert(leads)
    .values({
      phoneE164: phone,
      firstName: input.first_name ?? null,
      lastName: input.last_name ?? null,
      email: input.email ?? null,
      sourceChannel: input.source_channel ?? null,
      utmSource: input.utm_source ?? null,
      utmMedium: input.utm_medium ?? null,
      campaignId: input.campaign_id ?? null,
      landingPage: input.landing_page ?? null,
      companyId,
      businessUnitId: input.business_unit_id ?? null,
    })
    .onConflictDoUpdate({
      target: leads.phoneE164,
      set: {
        firstName: next.get(leads.firstName),
        lastName: next.get(leads.lastName),
        email: next.get(leads.email),
        sourceChannel: next.get(leads.sourceChannel),
        utmSource: next.get(leads.utmSource),
        utmMedium: next.get(leads.utmMedium),
        campaignId: next.get(leads.campaignId),
        landingPage: next.get(leads.landingPage),
        updatedAt: sql`case when ${changed} then now() else ${leads.updatedAt} end`,
      },
    })
    // xmax is 0 only on a row this statement inserted.
    .returning({ ...getTableColumns(leads), created: sql<boolean>`(xmax = 0)`, readable: sql<boolean>`(${readable})` });
  const { created, readable: isReadable, ...lead } = row;
  return { lead: isReadable ? toLeadResponse(lead) : { id: lead.id }, created };
}

/** A lead in the caller's scope (company, business unit), or 404. */
async function findVisibleLead(ctx: ServiceContext, leadId: string, lock = false): Promise<Lead> {
  const query = ctx.db
    .select()
    .from(leads)
    .where(and(eq(leads.id, leadId), scopeFilter(ctx.actor, leads)));
  const [lead] = lock ? await query.for("update") : await query;
  if (!lead) throw new NotFoundError("lead");
  return lead;
}

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
    const lead = await findVisibleLead(tx, leadId, true);
    // Sending the current stage again is not a move (clients often send the whole record back).
    const moving = input.stage !== undefined && input.stage !== lead.stage;
    if (moving && !canMoveLead(lead.stage, input.stage!))
      throw new ConflictError(`a lead cannot move from ${lead.stage} to ${input.stage}`);
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
          details: { phone_e164: lead.phoneE164 },
        });
      }
      if (CRM_SYNC_STAGES.includes(input.stage!))
        sendAfterCommit(tx, { name: "leads/lead.crm-sync-requested", data: { lead_id: lead.id } });
    }
    return toLeadResponse(updated);
  });
}

/** GET /leads/: newest first, by stage, a bare list with limit/offset. */
export async function listLeads({
  ctx,
  query,
}: {
  ctx: ServiceContext;
  query: ListLeadsQuery;
}): Promise<LeadResponse[]> {
  assertCan(ctx.actor, "leads:read");
  const rows = await ctx.db
    .select()
    .from(leads)
    .where(and(scopeFilter(ctx.actor, leads), query.status ? eq(leads.stage, query.status) : undefined))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(query.limit)
    .offset(query.offset);
  return rows.map(toLeadResponse);
}

/** GET /leads/{id}: the lead with its CRM sync state, so the back office can say why it is not in the CRM. */
export async function getLead({ ctx, leadId }: { ctx: ServiceContext; leadId: string }): Promise<LeadDetailResponse> {
  assertCan(ctx.actor, "leads:read");
  const lead = await findVisibleLead(ctx, leadId);
  return {
    ...toLeadResponse(lead),
    crm_synced_at: lead.crmSyncedAt?.toISOString() ?? null,
    crm_sync_error: lead.crmSyncError,
  };
}

/** GET /leads/analytics: leads and conversions by source channel and campaign, most leads first. */
export async function leadAnalytics({ ctx }: { ctx: ServiceContext }) {
  assertCan(ctx.actor, "leads:read");
  const converted = sql<number>`count(*) filter (where ${leads.stage} = 'CONVERTED')::int`;
  const rows = await ctx.db
    .select({ sourceChannel: leads.sourceChannel, campaignId: leads.campaignId, leads: count(), converted })
    .from(leads)
    .where(scopeFilter(ctx.actor, leads))
    .groupBy(leads.sourceChannel, leads.campaignId)
    .orderBy(desc(count()), leads.sourceChannel, leads.campaignId);
  const bySource = rows.map((row) => ({
    source_channel: row.sourceChannel,
    campaign_id: row.campaignId,
    leads: row.leads,
    converted: row.converted,
    conversion_rate: Math.round((row.converted / row.leads) * 10_000) / 10_000,
  }));
  return {
    by_source: bySource,
    total_leads: bySource.reduce((sum, row) => sum + row.leads, 0),
    total_converted: bySource.reduce((sum, row) => sum + row.converted, 0),
  };
}
