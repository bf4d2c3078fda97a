"use client";

import { formatMoney, money } from "@/lib/money";
import type { Dashboard } from "./types";
import { useElementWidth } from "./use-element-width";

type Month = Dashboard["by_month"][number];

const HEIGHT = 240;
const MARGIN = { top: 16, right: 12, bottom: 36, left: 64 };
const MAX_MONTHS = 24;

/** The months from the first to the last with a payment, the quiet ones as zero, the latest MAX_MONTHS. */
export function monthSeries(months: Month[]): Month[] {
  if (months.length === 0) return [];
  const byMonth = new Map(months.map((month) => [month.month, month]));
  const [firstYear, firstMonth] = months[0].month.split("-").map(Number);
  const [lastYear, lastMonth] = months[months.length - 1].month.split("-").map(Number);
  const series: Month[] = [];
  for (let year = firstYear, month = firstMonth; year < lastYear || (year === lastYear && month <= lastMonth); month === 12 ? (year++, (month = 1)) : month++) {
    const key = `${year}-${String(month).padStart(2, "0")}`;
    series.push(byMonth.get(key) ?? { month: key, gross_amount: "0.00", commission_amount: "0.00" });
  }
  return series.slice(-MAX_MONTHS);
}

/** "2026-03" -> "Mar 26": short enough for a bar's label. */
function shortMonth(month: string): string {
  const [year, number] = month.split("-").map(Number);
  return new Date(Date.UTC(year, number - 1, 1)).toLocaleDateString("en", { month: "short", year: "2-digit", timeZone: "UTC" });
}

/** Axis values: whole numbers unless the scale is small. */
function tick(value: number, max: number): string {
  return value.toFixed(max < 10 ? 2 : 0);
}

/**
 * Commission by month as an SVG bar chart (no chart library: a handful of rects), each month's
 * commission drawn over the gross it was taken from. Screen readers get a title and summary on the
 * image and the same figures in a table below it; each bar has a tooltip. Bar heights use binary
 * floats, which is fine for pixels; every amount written out is decimal.
 */
export function CommissionChart({ months, currency }: { months: Month[]; currency: string }) {
  const { ref, width } = useElementWidth<HTMLDivElement>(640);
  const series = monthSeries(months);
  if (series.length === 0) return <p className="muted">No payment yet: the chart starts with the first paid premium.</p>;
  const commissions = series.map((month) => Number(month.commission_amount));
  const grosses = series.map((month) => Number(month.gross_amount));
  // The commission is a share of the gross, so the gross sets the scale.
  const max = Math.max(...grosses) || 1;
  const plotWidth = width - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const slot = plotWidth / series.length;
  const barWidth = Math.max(4, Math.min(48, slot * 0.7));
  const y = (value: number) => MARGIN.top + plotHeight - (value / max) * plotHeight;
  // A label under every bar while they fit (about 48 px each); then every second, third...
  const labelEvery = Math.ceil(48 / slot);
  const highest = series[commissions.indexOf(Math.max(...commissions))];
  const total = formatMoney(series.reduce((sum, month) => sum.plus(month.commission_amount), money(0)));

  return (
    <figure className="chart">
      <div ref={ref} className="chart-area">
      <svg width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`} role="img" aria-labelledby="commission-chart-title commission-chart-desc">
        <title id="commission-chart-title">Commission by month</title>
        <desc id="commission-chart-desc">
          {`${series.length} months from ${shortMonth(series[0].month)} to ${shortMonth(series[series.length - 1].month)}; highest ${highest.commission_amount} ${currency} in ${shortMonth(highest.month)}. The table below lists every month.`}
        </desc>
        {[0, 0.5, 1].map((fraction) => (
          <g key={fraction} className="chart-grid">
            <line x1={MARGIN.left} x2={width - MARGIN.right} y1={y(max * fraction)} y2={y(max * fraction)} />
            <text x={MARGIN.left - 6} y={y(max * fraction)} dy="0.32em" textAnchor="end">
              {tick(max * fraction, max)}
            </text>
          </g>
        ))}
        {series.map((month, index) => {
          const x = MARGIN.left + index * slot + (slot - barWidth) / 2;
          const bar = (value: number) => ({ x, y: y(value), width: barWidth, height: Math.max(0, MARGIN.top + plotHeight - y(value)) });
          return (
            <g key={month.month} className="chart-bar">
              <title>{`${shortMonth(month.month)}: ${month.commission_amount} ${currency} commission on ${month.gross_amount} ${currency}`}</title>
              <rect className="chart-gross" {...bar(grosses[index])} />
              <rect className="chart-commission" {...bar(commissions[index])} />
              {index % labelEvery === 0 ? (
                <text x={x + barWidth / 2} y={HEIGHT - MARGIN.bottom + 16} textAnchor="middle">
                  {shortMonth(month.month)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      </div>
      <figcaption className="chart-legend">
        <span>
          <span className="chart-swatch chart-commission" aria-hidden="true" /> commission
        </span>
        <span>
          <span className="chart-swatch chart-gross" aria-hidden="true" /> gross
        </span>
        <span className="muted">
          in {currency}; {total} commission over the months shown.
        </span>
      </figcaption>
      <details className="chart-data">
        <summary>The figures as a table</summary>
        <div className="table-scroll">
          <table className="data-table" aria-label="Commission by month">
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Gross ({currency})</th>
                <th scope="col">Commission ({currency})</th>
              </tr>
            </thead>
            <tbody>
              {series.map((month) => (
                <tr key={month.month}>
                  <td>{month.month}</td>
                  <td className="amount">{month.gross_amount}</td>
                  <td className="amount">{month.commission_amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
