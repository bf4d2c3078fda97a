import { eq } from "drizzle-orm";
import { clients, plans, planVersions, policies } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { NotFoundError } from "@/lib/errors";
import { todayUtc } from "./dates";
import { isCovering } from "./policy-moves";
import type { VerificationResponse } from "./verification-schema";
import { policyIdFromToken } from "./verification";

function initials(...names: string[]): string {
  return names
    .flatMap((name) => name.trim().split(/\s+/))
    .filter(Boolean)
    .map((word) => `${[...word][0].toUpperCase()}.`)
    .join(" ");
}

/** GET /public/verify/{token}: the standing of the policy behind a QR code, with nothing personal beyond initials. */
export async function verifyPolicy({ ctx, token }: { ctx: ServiceContext; token: string }): Promise<VerificationResponse> {
  const policyId = policyIdFromToken(token);
  if (!policyId) throw new NotFoundError("policy");
  const [row] = await ctx.db
    .select({ policy: policies, firstName: clients.firstName, lastName: clients.lastName, planName: plans.name })
    .from(policies)
    .innerJoin(clients, eq(clients.id, policies.clientId))
    .innerJoin(planVersions, eq(planVersions.id, policies.planVersionId))
    .innerJoin(plans, eq(plans.id, planVersions.planId))
    .where(eq(policies.id, policyId));
  if (!row) throw new NotFoundError("policy");
  const { policy } = row;
  const today = todayUtc();
  return {
    policy_number: policy.policyNumber,
    status: policy.status,
    in_force: isCovering(policy.status) && policy.startDate <= today && today <= policy.endDate,
    valid_from: policy.startDate,
    valid_to: policy.endDate,
    holder_initials: initials(row.firstName, row.lastName),
    plan_name: row.planName,
  };
}
