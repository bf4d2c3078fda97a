import { asc, eq } from "drizzle-orm";
import { policyTerms } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { getPolicyOrThrow } from "@/lib/emission/internal";
import type { TermLife } from "@/lib/emission/terms";
import type { PolicyTermResponse } from "./schemas";

/** GET /emission/policies/{id}/terms (who may read the policy): every term, oldest first. */
export async function listTerms({
  ctx,
  policyId,
}: {
  ctx: ServiceContext;
  policyId: string;
}): Promise<PolicyTermResponse[]> {
  assertCan(ctx.actor, "emission:read", "portal:read");
  const policy = await getPolicyOrThrow(ctx, policyId);
  const rows = await ctx.db
    .select()
    .from(policyTerms)
    .where(eq(policyTerms.policyId, policy.id))
    .orderBy(asc(policyTerms.termNumber));
  return rows.map((term) => ({
    term_number: term.termNumber,
    start_date: term.startDate,
    end_date: term.endDate,
    plan_version_id: term.planVersionId,
    premium: term.premium,
    lives: term.lives as TermLife[],
  }));
}
