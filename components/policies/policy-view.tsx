"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { CancelPolicyPanel } from "@/components/lifecycle/cancel-policy-panel";
import { EndorsementsPanel } from "@/components/lifecycle/endorsements-panel";
import { PolicyAccountPanel } from "@/components/lifecycle/policy-account-panel";
import { TermsRenewalPanel } from "@/components/lifecycle/terms-renewal-panel";
import { ClientNotifications } from "@/components/payments/client-notifications";
import { PolicyPayments } from "@/components/payments/policy-payments";
import { useApiData } from "@/components/ui/api-client";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Panel } from "@/components/ui/panel";
import { usePremium } from "@/components/ui/premium";
import { useFormat } from "@/components/ui/use-format";
import { BeneficiariesTable } from "./beneficiaries-table";
import { CertificateLinks } from "./certificate-links";
import { HistoryTimeline } from "./history-timeline";
import "./policies.css";
import { StatusBadge } from "./status-badge";
import { TransitionForm } from "./transition-form";
import type { PolicyDetail } from "./types";

type PolicyViewProps = { policyId: string; canTransition: boolean; canMarkDeceased: boolean; canWrite: boolean };

/**
 * One policy: what it covers, whom, its account, terms and history, and for those allowed the changes
 * of lives, the cancellation, the moves and markings.
 */
export function PolicyView({ policyId, canTransition, canMarkDeceased, canWrite }: PolicyViewProps) {
  const t = useTranslations("policies");
  const tCommon = useTranslations("common");
  const f = useFormat();
  const premium = usePremium();
  const loaded = useApiData<PolicyDetail>(`/api/v1/emission/policies/${policyId}`);
  const policy = loaded.data;

  if (!policy) {
    return (
      <>
        <header className="page-header">
          <p className="breadcrumb">
            <Link href="/policies">{t("title")}</Link>
          </p>
          <h1>{t("view.title")}</h1>
        </header>
        <ErrorBanner message={loaded.error} />
        {loaded.isLoading ? <p className="muted">{tCommon("loading")}</p> : null}
      </>
    );
  }

  return (
    <>
      <header className="page-header">
        <p className="breadcrumb">
          <Link href="/policies">{t("title")}</Link>
        </p>
        <h1>{policy.policy_number}</h1>
        <p className="chips">
          <StatusBadge status={policy.status} />
        </p>
      </header>
      <ErrorBanner message={loaded.error} />
      <Panel title={t("view.summary")}>
        <div className="policy-summary">
          <dl className="facts">
            <dt>{t("view.client")}</dt>
            <dd>
              <Link href={`/policies?client=${policy.client_id}`}>{policy.client_name}</Link>
            </dd>
            <dt>{t("view.product")}</dt>
            <dd>{policy.product_name}</dd>
            <dt>{t("view.plan")}</dt>
            <dd>
              {policy.plan_name} · {policy.version_label}
            </dd>
          </dl>
          <dl className="facts">
            <dt>{t("view.valid")}</dt>
            <dd>{t("view.validRange", { start: f.date(policy.start_date), end: f.date(policy.end_date) })}</dd>
            <dt>{t("view.premium")}</dt>
            <dd>{premium(policy.final_price, policy.currency)}</dd>
            <dt>{t("view.issued")}</dt>
            <dd>{f.dateTime(policy.created_at)}</dd>
          </dl>
        </div>
        <CertificateLinks policy={policy} />
      </Panel>
      <Panel title={t("view.beneficiaries")} description={t("view.beneficiariesDescription")}>
        <BeneficiariesTable
          beneficiaries={policy.beneficiaries}
          currency={policy.currency}
          canMarkDeceased={canMarkDeceased}
          policyId={policy.id}
        />
      </Panel>
      <EndorsementsPanel policy={policy} canWrite={canWrite} />
      <PolicyAccountPanel policy={policy} />
      <PolicyPayments policy={policy} />
      <TermsRenewalPanel policy={policy} canWrite={canWrite} />
      {canTransition ? <CancelPolicyPanel policy={policy} /> : null}
      {canTransition ? (
        <Panel title={t("view.changeStatus")} description={t("view.changeStatusDescription")}>
          <TransitionForm policy={policy} />
        </Panel>
      ) : null}
      <Panel title={t("view.history")} description={t("view.historyDescription")}>
        <HistoryTimeline entries={policy.status_history} />
      </Panel>
      <ClientNotifications clientId={policy.client_id} />
    </>
  );
}
