import { eq } from "drizzle-orm";
import { policies } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { getPolicyOrThrow, toPolicyResponses } from "@/lib/emission/internal";
import type { PolicyResponse } from "@/lib/emission/schemas";
import { POLICY_MOVES } from "@/lib/emission/state-machine";
import { ConflictError } from "@/lib/errors";
import { writeAudit } from "@/lib/operations/audit";
import type { UpdatePolicyInput } from "./schemas";

/**
 * PATCH /emission/policies/{id} (lifecycle.md section 2): switches auto_renew, in the caller's scope (404
 * outside it), audited POLICY_UPDATED. A policy that has ended for good (no move out of its status) has no
 * renewal left to switch: 409.
 */
export async function updatePolicy({
  ctx,
  policyId,
  input,
}: {
  ctx: ServiceContext;
  policyId: string;
  input: UpdatePolicyInput;
}): Promise<PolicyResponse> {
  assertCan(ctx.actor, "emission:write");
  return inTransaction(ctx, async (tx) => {
    const policy = await getPolicyOrThrow(tx, policyId, { forUpdate: true });
    if (!POLICY_MOVES.some((move) => move.from === policy.status))
      throw new ConflictError(`policy ${policy.policyNumber} is ${policy.status}: it will not renew in any case`);
    const [updated] = await tx.db
      .update(policies)
      .set({ autoRenew: input.auto_renew, updatedAt: new Date() })
      .where(eq(policies.id, policy.id))
      .returning();
    await writeAudit(tx, {
      action: "POLICY_UPDATED",
      entity: "policies",
      entityId: policy.id,
      companyId: policy.companyId,
      details: { auto_renew: { from: policy.autoRenew, to: updated.autoRenew } },
    });
    const [response] = await toPolicyResponses(tx.db, [updated]);
    return response;
  });
}
