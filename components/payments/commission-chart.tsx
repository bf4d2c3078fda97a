"use client";

import { BarChart, type BarChartItem } from "@/components/ui/bar-chart";
import { formatMoney, money } from "@/lib/money";
import type { Dashboard } from "./types";

type Month = Dashboard["by_month"][number];

const MAX_MONTHS = 24;

/** The months from the first to the last with a payment, the quiet ones as zero, the latest MAX_MONTHS. */
export function monthSeries(months: Month[]): Month[] {
  if (months.length === 0) return [];
  const byMonth = new Map(months.map((month) => [month.month, month]));
  const [firstYear, firstMonth] = months[0].month.split("-").map(Number);
  const [lastYear, lastMonth] = months[months.length - 1].month.split("-").map(Number);
  const series: Month[] = [];
  for (
    let year = firstYear, month = firstMonth;
    year < lastYear || (year === lastYear && month <= lastMonth);
    month === 12 ? (year++, (month = 1)) : month++
  ) {
    const key = `${year}-${String(month).padStart(2, "0")}`;
    series.push(byMonth.get(key) ?? { month: key, gross_amount: "0.00", commission_amount: "0.00" });
  }
  return series.slice(-MAX_MONTHS);
}

/** "2026-03" -> "Mar 26": short enough for a bar's label. */
function shortMonth(month: string): string {
  const [year, number] = month.split("-").map(Number);
  return new Date(Date.UTC(year, number - 1, 1)).toLocaleDateString("en", {
    month: "short",
    year: "2-digit",
    timeZone: "UTC",
  });
}

/**
 * Commission by month, on the shared bar chart: each month's commission over the gross it was taken
 * from. Screen readers get a title and summary on the image and the same figures in a table below it.
 */
export function CommissionChart({ months, currency }: { months: Month[]; currency: string }) {
  const series = monthSeries(months);
  if (series.length === 0)
    return <p className="muted">No payment yet: the chart starts with the first paid premium.</p>;
  const commissions = series.map((month) => Number(month.commission_amount));
  const highest = series[commissions.indexOf(Math.max(...commissions))];
  const total = formatMoney(series.reduce((sum, month) => sum.plus(month.commission_amount), money(0)));
  const bars: BarChartItem[] = series.map((month) => ({
    key: month.month,
    label: shortMonth(month.month),
    value: Number(month.commission_amount),
    display: month.commission_amount,
    total: Number(month.gross_amount),
    tooltip: `${shortMonth(month.month)}: ${month.commission_amount} ${currency} commission on ${month.gross_amount} ${currency}`,
  }));

  return (
    <>
      <BarChart
        title="Commission by month"
        summary={`${series.length} months from ${shortMonth(series[0].month)} to ${shortMonth(series[series.length - 1].month)}; highest ${highest.commission_amount} ${currency} in ${shortMonth(highest.month)}. The table below lists every month.`}
        items={bars}
        series={{ value: "commission", total: "gross" }}
      />
      <p className="muted">
        in {currency}; {total} commission over the months shown.
      </p>
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
    </>
  );
}
