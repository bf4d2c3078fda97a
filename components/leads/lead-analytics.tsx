"use client";

import { useTranslations } from "next-intl";
import { useApiData } from "@/components/ui/api-client";
import { BarChart, type BarChartItem } from "@/components/ui/bar-chart";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Panel } from "@/components/ui/panel";
import { useFormat } from "@/components/ui/use-format";
import "./leads.css";
import type { LeadAnalytics } from "./types";

type Row = LeadAnalytics["by_source"][number];

/** Leads and conversion rate by source channel and campaign (GET /leads/analytics): two charts and the table. */
export function LeadAnalyticsView() {
  const t = useTranslations("leads.analytics");
  const tCommon = useTranslations("common");
  const f = useFormat();
  const rowLabel = (row: Row) => `${row.source_channel ?? t("noSource")} · ${row.campaign_id ?? t("noCampaign")}`;
  /** A rate with at most one decimal: 0.3333 -> "33.3%". */
  const percent = (rate: number) => f.number(rate, { style: "percent", maximumFractionDigits: 1 });
  const loaded = useApiData<LeadAnalytics>("/api/v1/leads/analytics");
  const data = loaded.data;
  if (!data) {
    return (
      <>
        <ErrorBanner message={loaded.error} />
        {loaded.isLoading ? <p className="muted">{tCommon("loading")}</p> : null}
      </>
    );
  }
  const rows = data.by_source;
  const leadBars: BarChartItem[] = rows.map((row) => ({
    key: rowLabel(row),
    label: rowLabel(row),
    value: row.leads,
    display: f.number(row.leads),
  }));
  const rateBars: BarChartItem[] = rows.map((row) => ({
    key: rowLabel(row),
    label: rowLabel(row),
    value: row.conversion_rate,
    display: percent(row.conversion_rate),
  }));
  const best = [...rows].sort((a, b) => b.conversion_rate - a.conversion_rate)[0];
  const overall = data.total_leads ? data.total_converted / data.total_leads : 0;

  return (
    <>
      <ErrorBanner message={loaded.error} />
      <dl className="lead-totals" aria-label={t("totals")}>
        <div>
          <dt>{t("leads")}</dt>
          <dd>{f.number(data.total_leads)}</dd>
        </div>
        <div>
          <dt>{t("converted")}</dt>
          <dd>{f.number(data.total_converted)}</dd>
        </div>
        <div>
          <dt>{t("conversionRate")}</dt>
          <dd>{percent(overall)}</dd>
        </div>
      </dl>
      {rows.length === 0 ? (
        <Panel title={t("bySource")}>
          <p className="muted">{t("noLeads")}</p>
        </Panel>
      ) : (
        <>
          <div className="lead-charts">
            <Panel title={t("leads")} description={t("leadsDescription")}>
              <BarChart
                title={t("leadsChart")}
                summary={t("leadsSummary", { groups: rows.length, label: rowLabel(rows[0]), leads: rows[0].leads })}
                items={leadBars}
              />
            </Panel>
            <Panel title={t("conversionRate")} description={t("rateDescription")}>
              <BarChart
                title={t("rateChart")}
                summary={t("rateSummary", { rate: percent(best.conversion_rate), label: rowLabel(best) })}
                items={rateBars}
                max={1}
              />
            </Panel>
          </div>
          <Panel title={t("bySource")}>
            <div className="table-scroll">
              <table className="data-table data-table-stacked" aria-label={t("table")}>
                <thead>
                  <tr>
                    <th scope="col">{t("sourceChannel")}</th>
                    <th scope="col">{t("campaign")}</th>
                    <th scope="col">{t("leads")}</th>
                    <th scope="col">{t("converted")}</th>
                    <th scope="col">{t("conversionRate")}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={rowLabel(row)}>
                      <td data-label={t("sourceChannel")}>
                        {row.source_channel ?? <span className="muted">{t("noSource")}</span>}
                      </td>
                      <td data-label={t("campaign")}>
                        {row.campaign_id ?? <span className="muted">{t("noCampaign")}</span>}
                      </td>
                      <td data-label={t("leads")} className="amount">
                        {f.number(row.leads)}
                      </td>
                      <td data-label={t("converted")} className="amount">
                        {f.number(row.converted)}
                      </td>
                      <td data-label={t("conversionRate")} className="amount">
                        {percent(row.conversion_rate)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Panel>
        </>
      )}
    </>
  );
}
