import { and, eq, inArray } from "drizzle-orm";
import { policies } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { ownClientIds } from "@/lib/emission/internal";
import { NotFoundError } from "@/lib/errors";
import { cancel } from "./cancel-policy";
import type { CancellationResponse } from "./schemas";

/**
 * POST /portal/policies/{id}/cancel: a client cancels one of its own policies, now (lifecycle.md section
 * 8, reason_code CLIENT_REQUEST), with the cooling-off refund when it applies. Any other policy is 404,
 * whatever else the caller may read.
 */
export async function cancelOwnPolicy({
  ctx,
  policyId,
  input,
  dryRun = false,
}: {
  ctx: ServiceContext;
  policyId: string;
  input: { reason: string };
  dryRun?: boolean;
}): Promise<CancellationResponse> {
  assertCan(ctx.actor, "portal:read");
  const findOwn = async (tx: ServiceContext) => {
    const [policy] = await tx.db
      .select()
      .from(policies)
      .where(and(eq(policies.id, policyId), inArray(policies.clientId, ownClientIds(tx.actor))))
      .for("update");
    if (!policy) throw new NotFoundError("policy");
    return policy;
  };
  return cancel(ctx, findOwn, { reason_code: "CLIENT_REQUEST", reason: input.reason, when: "NOW" }, { dryRun });
}
