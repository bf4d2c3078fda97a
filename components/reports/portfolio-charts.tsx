"use client";

import { useTranslations } from "next-intl";
import { BarChart, type BarChartItem } from "@/components/ui/bar-chart";
import { Panel } from "@/components/ui/panel";
import { useFormat } from "@/components/ui/use-format";
import { CLAIM_STATUSES } from "@/lib/claims/state-machine";
import { POLICY_STATUSES } from "@/lib/emission/state-machine";
import { money, formatMoney } from "@/lib/money";
import { currencyDigits, newBusinessCurrencies, premiumOf, shortMonth, type Report } from "./report-data";

/**
 * The report's charts on the shared bar chart (components/ui/bar-chart.tsx): new business and its
 * premium by month, lapses and reinstatements by month, policies and claims by status, and the months
 * as a table. Month labels are the page's language's short month and the whole year ("nov 2026").
 */
export function PortfolioCharts({ report }: { report: Report }) {
  const t = useTranslations("reports.charts");
  const tt = useTranslations("reports.table");
  const tc = useTranslations("codes");
  const f = useFormat();
  const month = (value: string) => shortMonth(value, f.locale);
  const months = report.new_business;
  const first = months.length > 0 ? month(months[0].month) : "";
  const last = months.length > 0 ? month(months[months.length - 1].month) : "";
  const count = (value: number): Pick<BarChartItem, "value" | "display"> => ({ value, display: f.number(value) });
  const currencies = newBusinessCurrencies(report);

  const newPolicies = months.map((item) => ({ key: item.month, label: month(item.month), ...count(item.policies) }));
  const lapsed = report.lapses.map((item) => ({ key: item.month, label: month(item.month), ...count(item.lapsed) }));
  const reinstated = report.lapses.map((item) => ({
    key: item.month,
    label: month(item.month),
    ...count(item.reinstated),
  }));
  const byPolicyStatus = POLICY_STATUSES.map((status) => ({
    key: status,
    label: tc(`policyStatus.${status}`),
    ...count(report.policies.by_status[status]),
  }));
  const byClaimStatus = CLAIM_STATUSES.map((status) => ({
    key: status,
    label: tc(`claimStatus.${status}`),
    ...count(report.claims.by_status[status]),
  }));
  const lapsesOf = new Map(report.lapses.map((item) => [item.month, item]));
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

  return (
    <>
      <div className="report-charts">
        <Panel title={t("newBusiness")} description={t("newBusinessDescription")}>
          <BarChart
            title={t("newBusinessChart")}
            summary={t("newBusinessSummary", { count: sum(months.map((item) => item.policies)), first, last })}
            items={newPolicies}
          />
        </Panel>
        {currencies.map((currency) => {
          const digits = currencyDigits(currency);
          const inForce = report.premium_in_force.find((item) => item.currency === currency)?.monthly_amount ?? "0";
          const total = formatMoney(months.reduce((all, item) => all.plus(premiumOf(item, currency)), money(0)));
          return (
            <Panel
              key={currency}
              title={t("premium", { currency })}
              description={t("premiumDescription", {
                date: f.date(report.as_of),
                amount: f.money(inForce, currency),
              })}
            >
              <BarChart
                title={t("premiumChart", { currency })}
                summary={t("premiumSummary", { first, last, total: f.money(total, currency) })}
                items={months.map((item) => {
                  const amount = premiumOf(item, currency);
                  return {
                    key: item.month,
                    label: month(item.month),
                    value: Number(amount),
                    display: f.number(amount, { minimumFractionDigits: digits, maximumFractionDigits: digits }),
                    tooltip: `${month(item.month)}: ${f.money(amount, currency)}`,
                  };
                })}
              />
            </Panel>
          );
        })}
        <Panel title={t("lapses")} description={t("lapsesDescription")}>
          <div className="report-chart-pair">
            <BarChart
              title={t("lapsedChart")}
              summary={t("lapsedSummary", { count: sum(report.lapses.map((item) => item.lapsed)), first, last })}
              items={lapsed}
              // Both on one scale, so a month's lapses and reinstatements compare at a glance.
              max={Math.max(1, ...report.lapses.map((item) => Math.max(item.lapsed, item.reinstated)))}
            />
            <BarChart
              title={t("reinstatedChart")}
              summary={t("reinstatedSummary", {
                count: sum(report.lapses.map((item) => item.reinstated)),
                first,
                last,
              })}
              items={reinstated}
              max={Math.max(1, ...report.lapses.map((item) => Math.max(item.lapsed, item.reinstated)))}
            />
          </div>
        </Panel>
        <Panel title={t("policies")} description={t("policiesDescription")}>
          <BarChart
            title={t("policiesChart")}
            summary={t("policiesSummary", {
              count: sum(Object.values(report.policies.by_status)),
              inForce: report.policies.in_force,
            })}
            items={byPolicyStatus}
          />
          <StatusTable label={t("policiesChart")} heading={tt("status")} items={byPolicyStatus} />
        </Panel>
        <Panel title={t("claims")} description={t("claimsDescription")}>
          <BarChart
            title={t("claimsChart")}
            summary={t("claimsSummary", {
              count: sum(Object.values(report.claims.by_status)),
              open: report.claims.open,
            })}
            items={byClaimStatus}
          />
          <StatusTable label={t("claimsChart")} heading={tt("status")} items={byClaimStatus} />
        </Panel>
      </div>
      <Panel title={tt("title")}>
        <div className="table-scroll">
          <table className="data-table" aria-label={tt("label")}>
            <thead>
              <tr>
                <th scope="col">{tt("month")}</th>
                <th scope="col">{tt("newPolicies")}</th>
                {currencies.map((currency) => (
                  <th key={currency} scope="col">
                    {`${tt("newPremium")} (${currency})`}
                  </th>
                ))}
                <th scope="col">{tt("lapsed")}</th>
                <th scope="col">{tt("reinstated")}</th>
              </tr>
            </thead>
            <tbody>
              {months.map((item) => (
                <tr key={item.month}>
                  <td data-label={tt("month")} className="report-month">
                    {month(item.month)}
                  </td>
                  <td data-label={tt("newPolicies")} className="amount">
                    {f.number(item.policies)}
                  </td>
                  {currencies.map((currency) => (
                    <td key={currency} data-label={`${tt("newPremium")} (${currency})`} className="amount">
                      {f.money(premiumOf(item, currency), currency)}
                    </td>
                  ))}
                  <td data-label={tt("lapsed")} className="amount">
                    {f.number(lapsesOf.get(item.month)?.lapsed ?? 0)}
                  </td>
                  <td data-label={tt("reinstated")} className="amount">
                    {f.number(lapsesOf.get(item.month)?.reinstated ?? 0)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Panel>
    </>
  );
}

/** The figures of a status chart as a table, folded under it for whoever wants to read them. */
function StatusTable({ label, heading, items }: { label: string; heading: string; items: BarChartItem[] }) {
  const t = useTranslations("reports");
  return (
    <details className="chart-data">
      <summary>{t("charts.asTable")}</summary>
      <table className="data-table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{heading}</th>
            <th scope="col">{t("table.count")}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.key}>
              <td>{item.label}</td>
              <td className="amount">{item.display}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
