import type { PolicyStatus } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { getPolicy } from "@/lib/emission/get-policy";
import { getPolicyOrThrow } from "@/lib/emission/internal";
import { movePolicy } from "@/lib/emission/move-policy";
import { ConflictError } from "@/lib/errors";
import { cancelPolicy } from "./cancel-policy";

/**
 * POST /emission/policies/{id}/transition: an administrator's move, checked against the one table
 * (lifecycle.md section 3, "Who moves a policy"). ACTIVE is reached only by premiums, reinstatement and
 * renewal, so a move into it is refused; a move into CANCELLED is a cancellation (section 8: reason_code
 * OTHER, now, with the cooling-off refund when it applies), which also closes a lapsed file (section 6).
 */
export async function transitionPolicy({
  ctx,
  policyId,
  input,
}: {
  ctx: ServiceContext;
  policyId: string;
  input: { to_status: PolicyStatus; reason: string };
}) {
  assertCan(ctx.actor, "policies:transition");
  if (input.to_status === "CANCELLED") {
    const cancelled = await cancelPolicy({
      ctx,
      policyId,
      input: { reason_code: "OTHER", reason: input.reason, when: "NOW" },
    });
    return cancelled.policy;
  }
  await getPolicyOrThrow(ctx, policyId);
  if (input.to_status === "ACTIVE") throw new ConflictError("record a payment or reinstate instead");
  await movePolicy(ctx, { policyId, to: input.to_status, reason: input.reason, trigger: "manual" });
  return getPolicy({ ctx, policyId });
}
