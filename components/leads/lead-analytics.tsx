"use client";

import { useApiData } from "@/components/ui/api-client";
import { BarChart, type BarChartItem } from "@/components/ui/bar-chart";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Panel } from "@/components/ui/panel";
import "./leads.css";
import { percent, type LeadAnalytics } from "./types";

type Row = LeadAnalytics["by_source"][number];

function rowLabel(row: Row): string {
  return `${row.source_channel ?? "no source"} · ${row.campaign_id ?? "no campaign"}`;
}

/** Leads and conversion rate by source channel and campaign (GET /leads/analytics): two charts and the table. */
export function LeadAnalyticsView() {
  const loaded = useApiData<LeadAnalytics>("/api/v1/leads/analytics");
  const data = loaded.data;
  if (!data) {
    return (
      <>
        <ErrorBanner message={loaded.error} />
        {loaded.isLoading ? <p className="muted">Loading…</p> : null}
      </>
    );
  }
  const rows = data.by_source;
  const leadBars: BarChartItem[] = rows.map((row) => ({
    key: rowLabel(row),
    label: rowLabel(row),
    value: row.leads,
    display: String(row.leads),
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
      <dl className="lead-totals" aria-label="Totals">
        <div>
          <dt>Leads</dt>
          <dd>{data.total_leads}</dd>
        </div>
        <div>
          <dt>Converted</dt>
          <dd>{data.total_converted}</dd>
        </div>
        <div>
          <dt>Conversion rate</dt>
          <dd>{percent(overall)}</dd>
        </div>
      </dl>
      {rows.length === 0 ? (
        <Panel title="By source and campaign">
          <p className="muted">No leads yet.</p>
        </Panel>
      ) : (
        <>
          <div className="lead-charts">
            <Panel title="Leads" description="By source channel and campaign, most leads first.">
              <BarChart
                title="Leads by source channel and campaign"
                summary={`${rows.length} groups; the largest is ${rowLabel(rows[0])} with ${rows[0].leads} leads. The table below lists every group.`}
                items={leadBars}
              />
            </Panel>
            <Panel title="Conversion rate" description="Converted leads out of all leads of the group.">
              <BarChart
                title="Conversion rate by source channel and campaign"
                summary={`The highest rate is ${percent(best.conversion_rate)} for ${rowLabel(best)}. The table below lists every group.`}
                items={rateBars}
                max={1}
              />
            </Panel>
          </div>
          <Panel title="By source and campaign">
            <div className="table-scroll">
              <table className="data-table data-table-stacked" aria-label="Leads by source channel and campaign">
                <thead>
                  <tr>
                    <th scope="col">Source channel</th>
                    <th scope="col">Campaign</th>
                    <th scope="col">Leads</th>
                    <th scope="col">Converted</th>
                    <th scope="col">Conversion rate</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={rowLabel(row)}>
                      <td data-label="Source channel">
                        {row.source_channel ?? <span className="muted">no source</span>}
                      </td>
                      <td data-label="Campaign">{row.campaign_id ?? <span className="muted">no campaign</span>}</td>
                      <td data-label="Leads" className="amount">
                        {row.leads}
                      </td>
                      <td data-label="Converted" className="amount">
                        {row.converted}
                      </td>
                      <td data-label="Conversion rate" className="amount">
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
