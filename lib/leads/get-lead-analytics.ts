import { count, desc, sql } from "drizzle-orm";
import { leads } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { scopeFilter } from "@/lib/auth/scope-filter";
import type { ServiceContext } from "@/lib/context";

/** GET /leads/analytics: leads and conversions by source channel and campaign, most leads first. */
export async function getLeadAnalytics({ ctx }: { ctx: ServiceContext }) {
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
