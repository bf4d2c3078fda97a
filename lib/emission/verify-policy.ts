import type { ServiceContext } from "@/lib/context";
import { NotFoundError } from "@/lib/errors";
import { todayUtc } from "./dates";
import { getPolicyWithNamesOrThrow } from "./internal";
import type { VerificationResponse } from "./schemas";
import { isCovering } from "./state-machine";
import { policyIdFromToken } from "./verification";

function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${[...word][0].toUpperCase()}.`)
    .join(" ");
}

/** GET /public/verify/{token}: the standing of the policy behind a QR code, with nothing personal beyond initials. */
export async function verifyPolicy({
  ctx,
  token,
}: {
  ctx: ServiceContext;
  token: string;
}): Promise<VerificationResponse> {
  const policyId = policyIdFromToken(token);
  if (!policyId) throw new NotFoundError("policy");
  const { policy, clientName, planName } = await getPolicyWithNamesOrThrow(ctx.db, policyId);
  const today = todayUtc();
  return {
    policy_number: policy.policyNumber,
    status: policy.status,
    in_force: isCovering(policy.status) && policy.startDate <= today && today <= policy.endDate,
    valid_from: policy.startDate,
    valid_to: policy.endDate,
    holder_initials: initials(clientName),
    plan_name: planName,
  };
}
