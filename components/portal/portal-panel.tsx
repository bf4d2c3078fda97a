"use client";

import "@/components/policies/policies.css";
import "./portal.css";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Panel } from "@/components/ui/panel";
import { OwnClaims } from "./own-claims";
import { OwnPolicyCard } from "./own-policy-card";
import { ReportDeath } from "./report-death";
import { usePortal } from "./use-portal";
import { VerifyEmailNotice } from "./verify-email-notice";

/**
 * The client's own cover: reporting a death, its claims with the documents they need, and its policies
 * with their certificates; first a verified e-mail.
 */
export function PortalPanel({ email, isVerified }: { email: string; isVerified: boolean }) {
  if (!isVerified) return <VerifyEmailNotice email={email} />;
  return <OwnCover email={email} />;
}

function OwnCover({ email }: { email: string }) {
  const t = useTranslations("portal");
  const { portal, hasNoClient, isNotVerified, error, isLoading, reload } = usePortal();
  const [newClaimId, setNewClaimId] = useState<string | null>(null);

  // The address stopped counting as verified after the page was drawn: say what to do about it.
  if (isNotVerified) return <VerifyEmailNotice email={email} />;
  if (hasNoClient) {
    return (
      <Panel title={t("noClient.title")}>
        <p>{t.rich("noClient.body", { email, strong: (chunks) => <strong>{chunks}</strong> })}</p>
        <p className="muted">{t("noClient.hint")}</p>
      </Panel>
    );
  }
  if (!portal) {
    return (
      <>
        <ErrorBanner message={error} />
        {isLoading ? <p className="muted">{t("loading")}</p> : null}
      </>
    );
  }
  return (
    <>
      <ReportDeath portal={portal} onReported={(claim) => setNewClaimId(claim.id)} />
      <Panel title={t("claims.title")} description={t("claims.description")}>
        <OwnClaims policies={portal.policies} newClaimId={newClaimId} />
      </Panel>
      <Panel title={t("policies.title")} description={t("policies.description")}>
        {portal.policies.length === 0 ? (
          <p className="muted">{t("policies.none")}</p>
        ) : (
          <ul className="own-policies">
            {portal.policies.map((policy) => (
              <OwnPolicyCard key={policy.id} policy={policy} onChanged={reload} />
            ))}
          </ul>
        )}
      </Panel>
    </>
  );
}
