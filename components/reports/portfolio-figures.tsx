"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useFormat } from "@/components/ui/use-format";
import { monthsBefore, shortMonth, type Report } from "./report-data";

/** A ratio of the API ("0.1250") as a percentage of the page's language: "12.5%". */
export function usePercent() {
  const f = useFormat();
  return (ratio: string) => f.number(ratio, { style: "percent", maximumFractionDigits: 1 });
}

/**
 * The headline figures: business in force, premium, lapse rate, persistency, loss ratio and claims. A
 * ratio the API cannot compute (null: nothing to divide by) reads "—" with the reason beside it.
 */
export function PortfolioFigures({ report }: { report: Report }) {
  const t = useTranslations("reports.figures");
  const common = useTranslations("common");
  const f = useFormat();
  const percent = usePercent();
  const none = common("none");
  const cohort = shortMonth(monthsBefore(report.as_of, 13), f.locale);

  return (
    <dl className="report-figures" aria-label={t("label")}>
      <Figure label={t("policiesInForce")} note={t("policiesInForceNote")}>
        {f.number(report.policies.in_force)}
      </Figure>
      <Figure label={t("livesInForce")} note={t("livesInForceNote")}>
        {f.number(report.lives_in_force)}
      </Figure>
      <Figure label={t("premiumInForce")} note={t("premiumInForceNote")}>
        {report.premium_in_force.length === 0 ? (
          <span className="report-figure-none">{t("noPremium")}</span>
        ) : (
          <>
            {report.premium_in_force.map((item) => (
              <span key={item.currency} className="report-figure-line">
                {f.money(item.monthly_amount, item.currency)}
              </span>
            ))}
            {/* The period once, under every currency's amount. */}
            <span className="report-period"> {t("perMonth")}</span>
          </>
        )}
      </Figure>
      <Figure label={t("lapseRate")} note={report.lapse_rate_12m === null ? t("lapseRateNull") : t("lapseRateNote")}>
        {report.lapse_rate_12m === null ? none : percent(report.lapse_rate_12m)}
      </Figure>
      <Figure
        label={t("persistency")}
        note={
          report.persistency_13m === null
            ? t("persistencyNull", { month: cohort })
            : t("persistencyNote", { month: cohort })
        }
      >
        {report.persistency_13m === null ? none : percent(report.persistency_13m)}
      </Figure>
      <Figure
        label={t("lossRatio")}
        note={[
          report.loss_ratio_12m.length === 0 ? t("lossRatioEmpty") : t("lossRatioNote"),
          ...report.loss_ratio_12m
            .filter((item) => item.ratio === null)
            .map((item) => t("lossRatioNull", { currency: item.currency })),
        ].join(" ")}
      >
        {report.loss_ratio_12m.length === 0
          ? none
          : report.loss_ratio_12m.map((item) => (
              <span key={item.currency} className="report-figure-line">
                {item.ratio === null ? none : percent(item.ratio)}{" "}
                <span className="report-currency">{item.currency}</span>
              </span>
            ))}
      </Figure>
      <Figure label={t("openClaims")} note={t("openClaimsNote")}>
        {f.number(report.claims.open)}
      </Figure>
      <Figure label={t("paid")} note={t("paidNote")}>
        {report.claims.paid_last_12m.length === 0 ? (
          <span className="report-figure-none">{t("nothingPaid")}</span>
        ) : (
          report.claims.paid_last_12m.map((item) => (
            <span key={item.currency} className="report-figure-line">
              {f.money(item.amount, item.currency)}
            </span>
          ))
        )}
      </Figure>
    </dl>
  );
}

function Figure({ label, note, children }: { label: string; note: string; children: ReactNode }) {
  return (
    <div className="report-figure">
      <dt>{label}</dt>
      <dd className="report-figure-value">{children}</dd>
      <dd className="report-figure-note muted">{note}</dd>
    </div>
  );
}
