"use client";

import { useTranslations } from "next-intl";
import { Panel } from "@/components/ui/panel";
import { useFormat } from "@/components/ui/use-format";
import type { Claim } from "./types";

/**
 * Whether the death is covered, in big clear words, with each reason in the page's language (by the
 * API's reason codes, with the dates and amounts of the answer) and the waiting period as dates.
 */
export function EligibilityPanel({ claim, currency }: { claim: Claim; currency: string | null }) {
  const t = useTranslations("claims.eligibility");
  const tc = useTranslations("codes");
  const tCommon = useTranslations("common");
  const f = useFormat();
  const eligibility = claim.eligibility;
  if (!eligibility || !claim.date_of_death) {
    return (
      <Panel title={t("title")}>
        <p className="claim-verdict claim-verdict-unknown" role="status">
          {t("unknown")}
        </p>
      </Panel>
    );
  }
  const wait = eligibility.waiting_period;
  const outstanding = currency
    ? f.money(eligibility.premium_outstanding, currency)
    : f.number(eligibility.premium_outstanding, { minimumFractionDigits: 2 });
  const values = {
    date: f.date(claim.date_of_death),
    from: f.date(wait.cover_start_date),
    ends: f.date(wait.ends_on),
    days: wait.days,
    cause: tc(`causeOfDeath.${wait.cause}`).toLocaleLowerCase(f.locale),
    amount: outstanding,
  };
  return (
    <Panel title={t("title")} description={t("description")}>
      <p
        className={`claim-verdict ${eligibility.covered ? "claim-verdict-covered" : "claim-verdict-uncovered"}`}
        role="status"
      >
        {eligibility.covered ? t("covered") : t("notCovered")}
      </p>
      {eligibility.reason_codes.length > 0 ? (
        <ul className="claim-reasons" aria-label={t("reasons")}>
          {eligibility.reason_codes.map((code) => (
            <li key={code}>{t(`reason.${code}`, values)}</li>
          ))}
        </ul>
      ) : null}
      {eligibility.in_grace_period ? <p className="claim-grace">{t("grace", values)}</p> : null}
      <h3 className="claim-subtitle">{t("waitingTitle")}</h3>
      <dl className="facts claim-facts">
        <dt>{t("waitingCause")}</dt>
        <dd>{tc(`causeOfDeath.${wait.cause}`)}</dd>
        <dt>{t("waitingDays")}</dt>
        <dd>{t("days", { days: wait.days })}</dd>
        <dt>{t("waitingFrom")}</dt>
        <dd>{values.from}</dd>
        <dt>{t("waitingEnds")}</dt>
        <dd>{values.ends}</dd>
        <dt>{t("waitingMet")}</dt>
        <dd>{wait.met ? t("met", values) : t("notMet", values)}</dd>
        <dt>{t("inForce")}</dt>
        <dd>{eligibility.in_force_on_date_of_death ? tCommon("yes") : tCommon("no")}</dd>
        <dt>{t("lifeCovered")}</dt>
        <dd>{eligibility.life_covered_on_date_of_death ? tCommon("yes") : tCommon("no")}</dd>
      </dl>
    </Panel>
  );
}
