"use client";

import { useState } from "react";
import { useApiData } from "@/components/ui/api-client";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { Field } from "@/components/ui/field";
import { Panel } from "@/components/ui/panel";
import { CommissionChart } from "./commission-chart";
import { ConnectOnboardingButton } from "./connect-onboarding-button";
import "./payments.css";
import type { Company, Dashboard } from "./types";

type ResellerDashboardProps = {
  /** ADMIN may read any company's dashboard (and list companies with organizations:manage). */
  canPickCompany: boolean;
  /** Onboarding is for the caller's own company only (the API takes no company). */
  canOnboard: boolean;
  ownCompanyId: string;
  /** The ?onboarding= of the processor's return: done, or refresh when the link expired. */
  onboarding?: "done" | "refresh";
};

const ONBOARDING_RETURN = {
  done: "Back from Stripe's onboarding. Payouts start once Stripe has checked the details; if something is missing, start onboarding again.",
  refresh: "The onboarding link expired before it was finished. Start onboarding again to get a new one.",
};

/** GET /payments/reseller/dashboard: what the company's policies brought in, the commission, and by month. */
export function ResellerDashboard({ canPickCompany, canOnboard, ownCompanyId, onboarding }: ResellerDashboardProps) {
  // Empty: the caller's own company, which is what the API answers without company_id.
  const [companyId, setCompanyId] = useState("");
  const companies = useApiData<Company[]>(canPickCompany ? "/api/v1/organizations/companies" : null);
  const dashboard = useApiData<Dashboard>(
    `/api/v1/payments/reseller/dashboard${companyId ? `?company_id=${companyId}` : ""}`,
  );
  const data = dashboard.data;
  const company = companies.data?.find((item) => item.id === (companyId || data?.company_id));

  return (
    <>
      {onboarding === "done" ? <SuccessBanner message={ONBOARDING_RETURN.done} /> : null}
      {onboarding === "refresh" ? (
        <div className="banner banner-warning" role="status">
          {ONBOARDING_RETURN.refresh}
        </div>
      ) : null}
      {canPickCompany ? (
        <div className="filters-grid" role="search" aria-label="Choose the company">
          <Field
            id="dashboard-company"
            label="Company"
            hint={company && !company.is_reseller ? "not a reseller" : undefined}
          >
            <select id="dashboard-company" value={companyId} onChange={(event) => setCompanyId(event.target.value)}>
              <option value="">Your company</option>
              {(companies.data ?? []).map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                  {item.is_reseller ? " (reseller)" : ""}
                </option>
              ))}
            </select>
          </Field>
        </div>
      ) : null}
      <ErrorBanner message={dashboard.error ?? companies.error} />
      {data ? (
        <>
          <Panel title="Figures" description={`All paid premiums of the company's policies, in ${data.currency}.`}>
            <dl className="figures">
              <Figure label="Commission rate" value={`${data.commission_rate} %`} />
              <Figure label="Active subscriptions" value={String(data.active_subscriptions)} />
              <Figure label="Gross" value={`${data.gross_amount} ${data.currency}`} />
              <Figure label="Commission" value={`${data.commission_amount} ${data.currency}`} />
              <Figure label="Net to the company" value={`${data.net_amount} ${data.currency}`} />
            </dl>
          </Panel>
          <Panel
            title="Commission by month"
            description="The platform's commission on the premiums paid each month (UTC)."
          >
            <CommissionChart months={data.by_month} currency={data.currency} />
          </Panel>
        </>
      ) : dashboard.isLoading ? (
        <p className="muted">Loading…</p>
      ) : null}
      {/* An administrator (who picks the company) may onboard the company shown; others only their own. */}
      {canOnboard && (!companyId || companyId === ownCompanyId || canPickCompany) ? (
        <Panel
          title="Payouts"
          description="A reseller receives its share of each card payment in its own Stripe account (Stripe Connect)."
        >
          <ConnectOnboardingButton companyId={companyId || undefined} />
        </Panel>
      ) : null}
    </>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="figure">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
