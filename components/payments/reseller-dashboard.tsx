"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useApiData } from "@/components/ui/api-client";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { Field } from "@/components/ui/field";
import { Panel } from "@/components/ui/panel";
import { useFormat } from "@/components/ui/use-format";
import { CommissionChart } from "./commission-chart";
import { ConnectOnboardingButton } from "./connect-onboarding-button";
import { useLoadError } from "./payment-errors";
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

/** GET /payments/reseller/dashboard: what the company's policies brought in, the commission, and by month. */
export function ResellerDashboard({ canPickCompany, canOnboard, ownCompanyId, onboarding }: ResellerDashboardProps) {
  const t = useTranslations("payments.reseller");
  const common = useTranslations("common");
  const f = useFormat();
  const loadError = useLoadError();
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
      {onboarding === "done" ? <SuccessBanner message={t("onboardingDone")} /> : null}
      {onboarding === "refresh" ? (
        <div className="banner banner-warning" role="status">
          {t("onboardingRefresh")}
        </div>
      ) : null}
      {canPickCompany ? (
        <div className="filters-grid" role="search" aria-label={t("chooseCompany")}>
          <Field
            id="dashboard-company"
            label={t("company")}
            hint={company && !company.is_reseller ? t("notReseller") : undefined}
          >
            <select id="dashboard-company" value={companyId} onChange={(event) => setCompanyId(event.target.value)}>
              <option value="">{t("ownCompany")}</option>
              {(companies.data ?? []).map((item) => (
                <option key={item.id} value={item.id}>
                  {item.is_reseller ? t("resellerOption", { name: item.name }) : item.name}
                </option>
              ))}
            </select>
          </Field>
        </div>
      ) : null}
      <ErrorBanner message={loadError(dashboard.error ?? companies.error)} />
      {data ? (
        <>
          <Panel title={t("figures")} description={t("figuresDescription", { currency: data.currency })}>
            <dl className="figures">
              <Figure
                label={t("commissionRate")}
                value={f.number(Number(data.commission_rate) / 100, { style: "percent", maximumFractionDigits: 2 })}
              />
              <Figure label={t("activeSubscriptions")} value={f.number(data.active_subscriptions)} />
              <Figure label={t("gross")} value={f.money(data.gross_amount, data.currency)} />
              <Figure label={t("commission")} value={f.money(data.commission_amount, data.currency)} />
              <Figure label={t("net")} value={f.money(data.net_amount, data.currency)} />
            </dl>
          </Panel>
          <Panel title={t("byMonth")} description={t("byMonthDescription")}>
            <CommissionChart months={data.by_month} currency={data.currency} />
          </Panel>
        </>
      ) : dashboard.isLoading ? (
        <p className="muted">{common("loading")}</p>
      ) : null}
      {/* Payouts and their onboarding are a reseller's only (the API answers 409 for any other company). An
          administrator (who picks the company) may onboard the company shown; others only their own. */}
      {canOnboard && data?.is_reseller && (!companyId || companyId === ownCompanyId || canPickCompany) ? (
        <Panel title={t("payouts")} description={t("payoutsDescription")}>
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
