import { createTranslator } from "next-intl";
import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { catalogs } from "@/messages";
import { assertCovering, getPolicyOrThrow } from "../internal";
import { ensureCertificate, type CertificateFile } from "./internal";

/**
 * GET /emission/policies/{id}/pdf: the certificate of a policy the caller may see, while it covers its
 * people. The file is named by the policy number in the certificate's language ("certificate-POL-2026-000042.pdf",
 * "certificado-POL-2026-000042.pdf"), so a family finds it among its downloads.
 */
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
  const { content, language } = await ensureCertificate(ctx.db, policy.id);
  const t = createTranslator({ locale: language, messages: catalogs[language], namespace: "certificate" });
  // An imported policy number may hold any character: the header's file name keeps only the safe ones.
  const number = policy.policyNumber.replace(/[^A-Za-z0-9._-]+/g, "-");
  return { filename: t("fileName", { number }), content };
}
