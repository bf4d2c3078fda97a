import type { DbOrTx } from "@/db";
import type { Policy } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { getPolicyOrThrow } from "@/lib/emission/internal";
import { ConflictError } from "@/lib/errors";
import { planRenewal, type RenewalPlan } from "./renewal-plan";
import type { RenewalPreviewResponse } from "./schemas";

export function toRenewalPreview(plan: RenewalPlan): RenewalPreviewResponse {
  return {
    term_start_date: plan.termStartDate,
    plan_version_id: plan.planVersionId,
    premium: plan.premium,
    lives: plan.lives.map(({ beneficiary, age, price }) => ({ beneficiary_id: beneficiary.id, age, price })),
    dropped: plan.dropped.map(({ beneficiary, reason }) => ({ beneficiary_id: beneficiary.id, reason })),
  };
}

/**
 * What the policy's renewal at the end of its term would be, as the endpoint and the renewal notice show
 * it; 409 saying why when the policy will not renew (planRenewal gives the reason without throwing).
 */
export async function renewalPreview(db: DbOrTx, policy: Policy): Promise<RenewalPreviewResponse> {
  const decision = await planRenewal(db, policy);
  if (!decision.renews)
    throw new ConflictError(`policy ${policy.policyNumber} will not renew: ${decision.reason}`, decision.code);
  return toRenewalPreview(decision);
}

/** GET /emission/policies/{id}/renewal-preview (who may read the policy). */
export async function getRenewalPreview({
  ctx,
  policyId,
}: {
  ctx: ServiceContext;
  policyId: string;
}): Promise<RenewalPreviewResponse> {
  assertCan(ctx.actor, "emission:read", "portal:read");
  return renewalPreview(ctx.db, await getPolicyOrThrow(ctx, policyId));
}
