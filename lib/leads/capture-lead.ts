import { eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { businessUnits, leads } from "@/db/schema";
import { can } from "@/lib/auth/actor";
import { scopeFilter } from "@/lib/auth/scope-filter";
import type { ServiceContext } from "@/lib/context";
import { NotFoundError } from "@/lib/errors";
import { getDefaultCompanyId } from "@/lib/identity/internal";
import { assertCountryExists } from "@/lib/operations/internal";
import { consumeRateLimit } from "@/lib/operations/rate-limit";
import { phoneToE164OrThrow } from "@/lib/phone";
import { toLeadResponse, withClientName } from "./internal";
import type { CapturedLeadResponse, CaptureLeadInput, LeadResponse } from "./schemas";

export const LEADS_PER_MINUTE = 30;

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
  return { lead: isReadable ? toLeadResponse(await withClientName(ctx.db, lead)) : { id: lead.id }, created };
}
