import type { z } from "zod";
import type { CompanyResponse } from "@/lib/operations/schemas";
import type { ProductResponse } from "@/lib/catalog/schemas";
import type { PortfolioReport } from "@/lib/reports/schemas";
import { formatMonth } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";

// The answers the dashboard reads, typed from the schemas that document them (type imports only: the
// browser bundle takes none of the server modules they sit beside), and the pure helpers of its page.

export type Report = PortfolioReport;
export type Company = z.infer<typeof CompanyResponse>;
export type Product = ProductResponse;

export type ReportFilters = { companyId: string; businessUnitId: string; planId: string; asOf: string };
export const NO_FILTERS: ReportFilters = { companyId: "", businessUnitId: "", planId: "", asOf: "" };

/** GET /reports/portfolio with the filters given; an empty filter is left out (as_of: today in UTC). */
export function reportUrl(filters: ReportFilters): string {
  const query = new URLSearchParams();
  if (filters.asOf) query.set("as_of", filters.asOf);
  if (filters.companyId) query.set("company_id", filters.companyId);
  if (filters.businessUnitId) query.set("business_unit_id", filters.businessUnitId);
  if (filters.planId) query.set("plan_id", filters.planId);
  const search = query.toString();
  return `/api/v1/reports/portfolio${search ? `?${search}` : ""}`;
}

/** A month of a year ("2026-11") as every page writes it: "nov 2026", "Nov 2026" (lib/i18n/format.ts). */
export function shortMonth(yearMonth: string, locale: Locale): string {
  return formatMonth(yearMonth, locale);
}

/** The calendar month `count` months before a day's ("2026-11-27", 13 -> "2025-10"). */
export function monthsBefore(day: string, count: number): string {
  const [year, month] = day.split("-").map(Number);
  const index = year * 12 + (month - 1) - count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** Today in UTC, as the API's default as_of and the latest day it accepts. */
export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The decimals of a currency's amounts (2 for USD, 0 for CLP), for figures shown without their code. */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Every currency of the new business, sorted: one premium chart each. */
export function newBusinessCurrencies(report: Report): string[] {
  const currencies = new Set<string>();
  for (const month of report.new_business) for (const item of month.monthly_premium) currencies.add(item.currency);
  for (const item of report.premium_in_force) currencies.add(item.currency);
  return [...currencies].sort();
}

/** A month's new monthly premium in one currency, "0" when it brought none in it. */
export function premiumOf(month: Report["new_business"][number], currency: string): string {
  return month.monthly_premium.find((item) => item.currency === currency)?.amount ?? "0";
}

/** The file name of a download of the figures: portfolio-<as_of>.<ext>. */
export function reportFileName(report: Report, extension: "json" | "csv"): string {
  return `portfolio-${report.as_of}.${extension}`;
}

/** The report as it came, indented: the JSON download. */
export function reportJson(report: Report): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

function csvCell(value: string | number | null): string {
  const text = value === null ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The report as CSV, one figure a row (figure, month, status, currency, value), as the list exports
 * write theirs: UTF-8 with a byte-order mark so Excel reads it, RFC 4180, the API's field names. A null
 * ratio is an empty value. Every text is the API's own (names, codes, decimals), so no cell can start
 * with a formula character.
 */
export function reportCsv(report: Report): string {
  type Row = [figure: string, month: string, status: string, currency: string, value: string | number | null];
  const rows: Row[] = [
    ["as_of", "", "", "", report.as_of],
    ["policies.in_force", "", "", "", report.policies.in_force],
    ...Object.entries(report.policies.by_status).map(([status, count]): Row => [
      "policies.by_status",
      "",
      status,
      "",
      count,
    ]),
    ["lives_in_force", "", "", "", report.lives_in_force],
    ...report.premium_in_force.map((item): Row => ["premium_in_force", "", "", item.currency, item.monthly_amount]),
    ...report.new_business.flatMap((month): Row[] => [
      ["new_business.policies", month.month, "", "", month.policies],
      ...month.monthly_premium.map((item): Row => [
        "new_business.monthly_premium",
        month.month,
        "",
        item.currency,
        item.amount,
      ]),
    ]),
    ...report.lapses.flatMap((month): Row[] => [
      ["lapses.lapsed", month.month, "", "", month.lapsed],
      ["lapses.reinstated", month.month, "", "", month.reinstated],
    ]),
    ["lapse_rate_12m", "", "", "", report.lapse_rate_12m],
    ["persistency_13m", "", "", "", report.persistency_13m],
    ["claims.open", "", "", "", report.claims.open],
    ...Object.entries(report.claims.by_status).map(([status, count]): Row => [
      "claims.by_status",
      "",
      status,
      "",
      count,
    ]),
    ...report.claims.paid_last_12m.map((item): Row => ["claims.paid_last_12m", "", "", item.currency, item.amount]),
    ...report.loss_ratio_12m.map((item): Row => ["loss_ratio_12m", "", "", item.currency, item.ratio]),
  ];
  const lines = [["figure", "month", "status", "currency", "value"], ...rows].map((row) => row.map(csvCell).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** Hands a text to the browser as a downloaded file. */
export function saveFile(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
