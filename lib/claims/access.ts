import { inArray, sql, type SQL } from "drizzle-orm";
import { claims, policies } from "@/db/schema";
import { can, type Actor } from "@/lib/auth/actor";
import { scopeFilter } from "@/lib/auth/scope-filter";
import { ownClientIds } from "@/lib/emission/access";

/**
 * The claims an actor may see (contract sections 2 and 6): claims:read within its company (and business
 * unit); a client (portal:read) only the claims under its own policies; nothing otherwise.
 */
export function visibleClaims(actor: Actor): SQL | undefined {
  if (can(actor, "claims:read")) return scopeFilter(actor, claims);
  if (can(actor, "portal:read") && actor.kind === "user") {
    return inArray(
      claims.policyId,
      sql`(select ${policies.id} from ${policies} where ${policies.clientId} in ${ownClientIds(actor)})`,
    );
  }
  return sql`false`;
}
