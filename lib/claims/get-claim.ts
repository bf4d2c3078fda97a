import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { getClaimOrThrow, toClaimResponse } from "./internal";
import type { ClaimResponse } from "./schemas";

/** GET /claims/{id} */
export async function getClaim({ ctx, claimId }: { ctx: ServiceContext; claimId: string }): Promise<ClaimResponse> {
  assertCan(ctx.actor, "claims:read", "portal:read");
  return toClaimResponse(ctx.db, await getClaimOrThrow(ctx, claimId));
}
