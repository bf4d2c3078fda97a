import { desc, eq } from "drizzle-orm";
import { policyEndorsements } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { getPolicyOrThrow } from "@/lib/emission/internal";
import { toEndorsementResponse } from "./endorsement";
import type { EndorsementResponse } from "./schemas";

/** GET /emission/policies/{id}/endorsements: for whoever may read the policy (404 otherwise), newest first. */
export async function listEndorsements({
  ctx,
  policyId,
}: {
  ctx: ServiceContext;
  policyId: string;
}): Promise<EndorsementResponse[]> {
  assertCan(ctx.actor, "emission:read", "portal:read");
  const policy = await getPolicyOrThrow(ctx, policyId);
  const rows = await ctx.db
    .select()
    .from(policyEndorsements)
    .where(eq(policyEndorsements.policyId, policy.id))
    .orderBy(desc(policyEndorsements.createdAt), desc(policyEndorsements.id));
  return rows.map(toEndorsementResponse);
}
