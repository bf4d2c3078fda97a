import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { assertCovering, getPolicyOrThrow } from "../internal";
import { ensureCertificate, type CertificateFile } from "./internal";

/** GET /emission/policies/{id}/pdf: the certificate of a policy the caller may see, while it covers its people. */
export async function getCertificate({
  ctx,
  policyId,
}: {
  ctx: ServiceContext;
  policyId: string;
}): Promise<CertificateFile> {
  assertCan(ctx.actor, "emission:read", "portal:read");
  const policy = await getPolicyOrThrow(ctx, policyId);
  assertCovering(policy, "a certificate");
  const { content } = await ensureCertificate(ctx.db, policy.id);
  return { filename: `policy_${policy.id}.pdf`, content };
}
