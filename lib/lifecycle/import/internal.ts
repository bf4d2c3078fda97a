import { and, eq, inArray } from "drizzle-orm";
import { clients, planVersions, policies, type Client } from "@/db/schema";
import { getPricingConfig, isSoldTo } from "@/lib/catalog/pricing-config";
import type { ServiceContext } from "@/lib/context";
import { scopeFilter } from "@/lib/auth/scope-filter";
import type { ImportVersion } from "./prepare-import";

// The look-ups of an import, for one policy or a whole book: what the caller may see, as issue sees it.

/**
 * The version to import onto, as issue finds it: "not_found" when it does not exist or is not sold to
 * the caller (another company's product), "inactive" when it no longer sells. Its row is held FOR SHARE
 * until the commit, so its terms cannot change under the import (editing a version refuses once a
 * policy uses it).
 */
export async function findImportVersion(
  ctx: ServiceContext,
  versionId: string,
): Promise<ImportVersion | "not_found" | "inactive"> {
  const [terms] = await ctx.db
    .select({
      gracePeriodDays: planVersions.gracePeriodDays,
      notTakenUpDays: planVersions.notTakenUpDays,
      reinstatementWindowDays: planVersions.reinstatementWindowDays,
    })
    .from(planVersions)
    .where(eq(planVersions.id, versionId))
    .for("share");
  const config = terms ? await getPricingConfig(ctx.db, versionId) : null;
  if (!config || !isSoldTo(config, ctx.actor)) return "not_found";
  if (!config.version.isActive) return "inactive";
  return { config, terms };
}

/**
 * The clients among `ids` in the caller's scope (its company and business unit; any for ADMIN), by id:
 * importing for a client is changing it, as issue's forUpdate look-up has it, so emission:read is not asked.
 */
export async function findClientsInScope(ctx: ServiceContext, ids: string[]): Promise<Map<string, Client>> {
  const found = new Map<string, Client>();
  const unique = [...new Set(ids)];
  for (let at = 0; at < unique.length; at += 5000) {
    const rows = await ctx.db
      .select()
      .from(clients)
      .where(and(inArray(clients.id, unique.slice(at, at + 5000)), scopeFilter(ctx.actor, clients)));
    for (const client of rows) found.set(client.id, client);
  }
  return found;
}

/** The numbers among `numbers` that a policy already has. */
export async function takenPolicyNumbers(ctx: ServiceContext, numbers: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  const unique = [...new Set(numbers)];
  for (let at = 0; at < unique.length; at += 5000) {
    const rows = await ctx.db
      .select({ policyNumber: policies.policyNumber })
      .from(policies)
      .where(inArray(policies.policyNumber, unique.slice(at, at + 5000)));
    for (const row of rows) taken.add(row.policyNumber);
  }
  return taken;
}
