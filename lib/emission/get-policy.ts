import { asc, eq } from "drizzle-orm";
import { policyStatusHistory } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { actorOfLabel } from "@/lib/identity/display-names";
import { getPolicyWithNamesOrThrow, toPolicyResponses } from "./internal";

/** GET /emission/policies/{id}: the policy, its people, its history and the names of what it covers. */
export async function getPolicy({ ctx, policyId }: { ctx: ServiceContext; policyId: string }) {
  assertCan(ctx.actor, "emission:read", "portal:read");
  // The policy and its names in one read, within what the caller may see (404 otherwise).
  const names = await getPolicyWithNamesOrThrow(ctx.db, policyId, { visibleTo: ctx.actor });
  const { policy } = names;
  const changedBy = actorOfLabel(policyStatusHistory.changedBy, "changed_by");
  const [[response], history] = await Promise.all([
    toPolicyResponses(ctx.db, [policy]),
    ctx.db
      .select({ row: policyStatusHistory, changedByName: changedBy.name, changedByEmail: changedBy.email })
      .from(policyStatusHistory)
      .leftJoin(changedBy.user, changedBy.onUser)
      .leftJoin(changedBy.apiKey, changedBy.onApiKey)
      .where(eq(policyStatusHistory.policyId, policy.id))
      .orderBy(asc(policyStatusHistory.changedAt), asc(policyStatusHistory.id)),
  ]);
  return {
    ...response,
    status_history: history.map(({ row, changedByName, changedByEmail }) => ({
      from_status: row.fromStatus,
      to_status: row.toStatus,
      changed_by: row.changedBy,
      changed_by_name: changedByName,
      changed_by_email: changedByEmail,
      reason: row.reason,
      changed_at: row.changedAt.toISOString(),
      effective_date: row.effectiveDate,
    })),
    client_name: names.clientName,
    product_name: names.productName,
    plan_name: names.planName,
    version_label: names.version.versionLabel ?? "",
  };
}
