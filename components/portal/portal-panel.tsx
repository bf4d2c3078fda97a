"use client";

import "@/components/policies/policies.css";
import "./portal.css";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Panel } from "@/components/ui/panel";
import { OwnClaims } from "./own-claims";
import { OwnPolicyCard } from "./own-policy-card";
import { REPORT_ANCHOR, ReportDeath } from "./report-death";
import { usePortal } from "./use-portal";
import { VerifyEmailNotice } from "./verify-email-notice";
import { CONTACTS_ANCHOR, WhomToCall } from "./whom-to-call";

const POLICIES_ANCHOR = "policies";

/**
 * The client's own cover: reporting a death, its policies with their next premium, payment and
 * certificates, its claims with the documents they need, and whom to call; first a verified e-mail.
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
  // What a family comes for, in that order: a death to report, the premium to pay, the claims under way,
  // and whom to call; the shortcuts reach each from the top of a phone's screen.
  return (
    <>
      <nav className="portal-shortcuts" aria-label={t("shortcuts.label")}>
        <a className="button button-secondary" href={`#${REPORT_ANCHOR}`}>
          {t("report.title")}
        </a>
        <a className="button button-secondary" href={`#${POLICIES_ANCHOR}`}>
          {t("shortcuts.pay")}
        </a>
        <a className="button button-secondary" href={`#${CONTACTS_ANCHOR}`}>
          {t("shortcuts.contacts")}
        </a>
      </nav>
      <ReportDeath portal={portal} onReported={(claim) => setNewClaimId(claim.id)} />
      <Panel id={POLICIES_ANCHOR} title={t("policies.title")} description={t("policies.description")}>
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
      <Panel title={t("claims.title")} description={t("claims.description")}>
        <OwnClaims policies={portal.policies} newClaimId={newClaimId} />
      </Panel>
      <WhomToCall portal={portal} />
    </>
  );
}
