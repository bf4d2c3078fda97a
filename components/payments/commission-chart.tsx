"use client";

import { useTranslations } from "next-intl";
import { BarChart, type BarChartItem } from "@/components/ui/bar-chart";
import { useFormat } from "@/components/ui/use-format";
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

/** The decimals of a currency's amounts (2 for USD, 0 for CLP), for figures shown without their code. */
function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * Commission by month, on the shared bar chart: each month's commission over the gross it was taken
 * from. Screen readers get a title and summary on the image and the same figures in a table below it.
 * Months, amounts and legends are in the page's language; the bars and the table give the figures
 * without their currency, which the note and the column headers name.
 */
export function CommissionChart({ months, currency }: { months: Month[]; currency: string }) {
  const t = useTranslations("payments.chart");
  const f = useFormat();
  const series = monthSeries(months);
  if (series.length === 0) return <p className="muted">{t("empty")}</p>;
  const digits = currencyDigits(currency);
  const figure = (amount: string) => f.number(amount, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const commissions = series.map((month) => Number(month.commission_amount));
  const highest = series[commissions.indexOf(Math.max(...commissions))];
  const total = formatMoney(series.reduce((sum, month) => sum.plus(month.commission_amount), money(0)));
  const bars: BarChartItem[] = series.map((month) => ({
    key: month.month,
    label: f.month(month.month),
    value: Number(month.commission_amount),
    display: figure(month.commission_amount),
    total: Number(month.gross_amount),
    tooltip: t("tooltip", {
      month: f.month(month.month),
      commission: f.money(month.commission_amount, currency),
      gross: f.money(month.gross_amount, currency),
    }),
  }));

  return (
    <>
      <BarChart
        title={t("title")}
        summary={t("summary", {
          count: series.length,
          first: f.month(series[0].month),
          last: f.month(series[series.length - 1].month),
          highest: f.money(highest.commission_amount, currency),
          month: f.month(highest.month),
        })}
        items={bars}
        series={{ value: t("commissionSeries"), total: t("grossSeries") }}
      />
      <p className="muted">{t("note", { currency, total: f.money(total, currency) })}</p>
      <details className="chart-data">
        <summary>{t("asTable")}</summary>
        <div className="table-scroll">
          <table className="data-table" aria-label={t("title")}>
            <thead>
              <tr>
                <th scope="col">{t("month")}</th>
                <th scope="col">{t("grossColumn", { currency })}</th>
                <th scope="col">{t("commissionColumn", { currency })}</th>
              </tr>
            </thead>
            <tbody>
              {series.map((month) => (
                <tr key={month.month}>
                  <td>{f.month(month.month)}</td>
                  <td className="amount">{figure(month.gross_amount)}</td>
                  <td className="amount">{figure(month.commission_amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}
