import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import type { PolicyStatus } from "@/db/schema";
import { getPolicy } from "./get-policy";
import { getPolicyOrThrow } from "./internal";
import { movePolicy } from "./move-policy";

/** POST /emission/policies/{id}/transition: an administrator's move, checked against the one table. */
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
  await getPolicyOrThrow(ctx, policyId);
  await movePolicy(ctx, { policyId, to: input.to_status, reason: input.reason, trigger: "manual" });
  return getPolicy({ ctx, policyId });
}
