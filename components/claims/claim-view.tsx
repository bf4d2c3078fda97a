"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useApiData } from "@/components/ui/api-client";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Panel } from "@/components/ui/panel";
import { acceptsExpenses } from "@/lib/claims/state-machine";
import { useFormat } from "@/components/ui/use-format";
import { ageInDays } from "./claim-math";
import { ChecklistPanel } from "./checklist-panel";
import { ClaimTimeline } from "./claim-timeline";
import "./claims.css";
import { DeathFactsPanel } from "./death-facts-panel";
import { DecisionPanel } from "./decision-panel";
import { EligibilityPanel } from "./eligibility-panel";
import { ExpenseForm } from "./expense-form";
import { ExpensesList } from "./expenses-list";
import { OverdueBadge, PayoutsPanel } from "./payouts-panel";
import { ClaimStatusBadge, CoverBadge, WaitingPeriodBadge } from "./status-badge";
import { personName, type Claim, type PolicyDetail } from "./types";

type ClaimViewProps = {
  claimId: string;
  currentUserId: string;
  /** claims:write: record expenses. */
  canWrite: boolean;
  /** claims:manage (administrators): review documents, move the claim, record payouts. */
  canManage: boolean;
  /** claims:override: approve or close despite what blocks it. */
  canOverride: boolean;
};

/** One claim: whom and what it is about, its expenses with their totals, the moves, and its timeline. */
export function ClaimView({ claimId, currentUserId, canWrite, canManage, canOverride }: ClaimViewProps) {
  const t = useTranslations("claims");
  const tc = useTranslations("codes");
  const tCommon = useTranslations("common");
  const f = useFormat();
  const loaded = useApiData<Claim>(`/api/v1/claims/${claimId}`);
  const claim = loaded.data;
  // The claim carries ids; the policy names them (number, holder, people).
  const policyLoad = useApiData<PolicyDetail>(claim ? `/api/v1/emission/policies/${claim.policy_id}` : null);
  const policy = policyLoad.data;

  const breadcrumb = (
    <p className="breadcrumb">
      <Link href="/claims">{t("title")}</Link>
    </p>
  );
  if (!claim) {
    return (
      <>
        <header className="page-header">
          {breadcrumb}
          <h1>{t("claim")}</h1>
        </header>
        <ErrorBanner message={loaded.error} />
        {loaded.isLoading ? <p className="muted">{tCommon("loading")}</p> : null}
      </>
    );
  }

  const name = personName(policy, claim.beneficiary_id);
  const age = ageInDays(claim.reported_at);
  return (
    <>
      <header className="page-header">
        {breadcrumb}
        <h1>{name ? t("claimOf", { name }) : t("claim")}</h1>
        <p className="claim-number">
          {t("view.number")}: <strong className="nowrap">{claim.claim_number}</strong>
        </p>
        <p className="chips">
          <ClaimStatusBadge status={claim.status} />
          <WaitingPeriodBadge isMet={claim.waiting_period_met} />
          {claim.eligibility ? <CoverBadge isCovered={claim.eligibility.covered} /> : null}
          {claim.is_overdue ? <OverdueBadge /> : null}
        </p>
      </header>
      <ErrorBanner message={loaded.error ?? policyLoad.error} />
      <Panel title={t("view.summary")}>
        <div className="claim-summary">
          <dl className="facts">
            <dt>{t("view.person")}</dt>
            <dd>
              <Link href={`/policies/${claim.policy_id}`}>{name ?? t("view.personFallback")}</Link>
            </dd>
            <dt>{t("view.policy")}</dt>
            <dd>
              <Link href={`/policies/${claim.policy_id}`}>{policy?.policy_number ?? t("view.policyFallback")}</Link>
              {policy ? (
                <span className="muted">
                  {" "}
                  · {t("view.policyStatus", { status: tc(`policyStatus.${policy.status}`) })}
                </span>
              ) : null}
            </dd>
            <dt>{t("view.client")}</dt>
            <dd>{policy?.client_name ?? "…"}</dd>
          </dl>
          <dl className="facts">
            <dt>{t("view.reported")}</dt>
            <dd>
              <time dateTime={claim.reported_at}>{f.dateTime(claim.reported_at)}</time>{" "}
              {t("view.reportedAgo", { days: age })}
            </dd>
            <dt>{t("view.cover")}</dt>
            <dd>
              {policy
                ? t.rich("view.coverRange", {
                    start: f.date(policy.start_date),
                    end: f.date(policy.end_date),
                    nowrap: (chunks) => <span className="nowrap">{chunks}</span>,
                  })
                : "…"}
            </dd>
            <dt>{t("view.waitingPeriod")}</dt>
            <dd>
              {claim.eligibility
                ? t(claim.eligibility.waiting_period.met ? "view.waitingMetOn" : "view.waitingNotMetOn", {
                    ends: f.date(claim.eligibility.waiting_period.ends_on),
                  })
                : claim.waiting_period_met
                  ? t("view.waitingOver")
                  : t("view.waitingNotOver")}
            </dd>
          </dl>
        </div>
        <h3 className="claim-description-title">{t("view.description")}</h3>
        <p className="claim-description">{claim.description}</p>
      </Panel>
      <DeathFactsPanel claim={claim} canWrite={canWrite} />
      <EligibilityPanel claim={claim} currency={policy?.currency ?? null} />
      <ChecklistPanel claim={claim} canWrite={canWrite} canManage={canManage} />
      <Panel title={t("view.expenses")} description={t("view.expensesDescription")}>
        <ExpensesList claim={claim} canManage={canManage} />
        {canWrite && acceptsExpenses(claim.status) ? (
          <div className="claim-expense-form">
            <h3>{t("view.addExpense")}</h3>
            <ExpenseForm claimId={claim.id} />
          </div>
        ) : canWrite ? (
          <p className="muted">{t(`view.noMoreExpenses.${claim.status}`)}</p>
        ) : null}
      </Panel>
      {canManage ? <DecisionPanel claim={claim} canOverride={canOverride} /> : null}
      <PayoutsPanel claim={claim} canManage={canManage} />
      <Panel title={t("view.timeline")} description={t("view.timelineDescription")}>
        <ClaimTimeline entries={claim.status_history} currentUserId={currentUserId} />
      </Panel>
    </>
  );
}
