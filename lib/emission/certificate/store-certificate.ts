import { eq } from "drizzle-orm";
import { policies } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { isCovering } from "../state-machine";
import { ensureCertificate } from "./internal";

/**
 * After a policy became ACTIVE (background): renders and keeps its certificate, unless one is kept
 * already or the policy has stopped covering since (cancelled before the job ran).
 */
export async function storeCertificate({
  ctx,
  policyId,
}: {
  ctx: ServiceContext;
  policyId: string;
}): Promise<"rendered" | "already stored" | "not covering"> {
  assertCan(ctx.actor, "emission:read");
  const [policy] = await ctx.db.select().from(policies).where(eq(policies.id, policyId));
  if (!policy || !isCovering(policy.status)) return "not covering";
  const { rendered } = await ensureCertificate(ctx.db, policy.id);
  return rendered ? "rendered" : "already stored";
}
