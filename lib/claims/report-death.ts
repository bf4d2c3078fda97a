import { and, eq, inArray } from "drizzle-orm";
import { policies } from "@/db/schema";
import { assertCan, assertEmailVerified } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { ownClientIds } from "@/lib/emission/internal";
import { NotFoundError } from "@/lib/errors";
import { reportClaim } from "./create-claim";
import type { ClaimResponse, ReportDeathInput } from "./schemas";

/**
 * POST /portal/claims (claims-cover.md section 6): a client reports a death on one of its own policies,
 * with the rules of POST /claims/. Any other policy is 404, whatever else the caller may read; a client
 * that has not verified its e-mail is refused before any lookup (trust.md section 1).
 */
export async function reportDeath({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: ReportDeathInput;
}): Promise<ClaimResponse> {
  assertCan(ctx.actor, "portal:read");
  assertEmailVerified(ctx.actor);
  return reportClaim(
    ctx,
    async (tx) => {
      const [policy] = await tx.db
        .select()
        .from(policies)
        .where(and(eq(policies.id, input.policy_id), inArray(policies.clientId, ownClientIds(tx.actor))));
      if (!policy) throw new NotFoundError("policy");
      return policy;
    },
    input,
  );
}
