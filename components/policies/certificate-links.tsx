"use client";

import { useTranslations } from "next-intl";
import { isCovering, type PolicyStatus } from "@/lib/emission/state-machine";

type CertificateLinksProps = {
  policy: { id: string; policy_number: string; status: PolicyStatus };
  /** The portal is given these by the API; the back office knows the same addresses. */
  pdfUrl?: string;
  passbookUrl?: string;
};

/**
 * The certificate and the wallet pass, served only while the policy covers its people (the API answers
 * 409 otherwise, so the links are not offered then). Plain links: the server's attachment header makes
 * the browser download with the session cookie, and a phone hands the pass to its wallet.
 */
export function CertificateLinks({ policy, pdfUrl, passbookUrl }: CertificateLinksProps) {
  const t = useTranslations("policies.certificate");
  if (!isCovering(policy.status)) {
    return <p className="muted">{t("unavailable")}</p>;
  }
  return (
    <p className="button-row">
      <a
        className="button button-secondary"
        href={pdfUrl ?? `/api/v1/emission/policies/${policy.id}/pdf`}
        aria-label={t("downloadLabel", { number: policy.policy_number })}
      >
        {t("download")}
      </a>
      <a
        className="button button-secondary"
        href={passbookUrl ?? `/api/v1/emission/policies/${policy.id}/passbook`}
        aria-label={t("walletLabel", { number: policy.policy_number })}
      >
        {t("wallet")}
      </a>
    </p>
  );
}
