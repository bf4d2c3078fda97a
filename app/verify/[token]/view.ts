import { createTranslator } from "next-intl";
import type { VerificationResponse } from "@/lib/emission/schemas";
import { isCovering } from "@/lib/emission/state-machine";
import { formatDate, intlLocale } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { catalogs } from "@/messages";

/** Everything the verification page shows, in one language: a pure function, so it is tested without a server. */
export type VerificationView = {
  kicker: string;
  verdict: string;
  reason: string;
  facts: Array<[label: string, value: string]>;
  note: string;
};

/**
 * The page's texts for a standing read on `today` (UTC), in the visitor's language: every text from the
 * `verify` catalog, the status from `codes`, dates formatted for the language. Data (the policy number,
 * the initials, the plan's name) stays as it is.
 */
export function verificationView(standing: VerificationResponse, today: string, locale: Locale): VerificationView {
  const t = createTranslator({ locale, messages: catalogs[locale], namespace: "verify" });
  const tc = createTranslator({ locale, messages: catalogs[locale], namespace: "codes" });
  const date = (value: string) => formatDate(value, locale);
  const status = tc(`policyStatus.${standing.status}`);
  return {
    kicker: t("kicker"),
    verdict: standing.in_force ? t("inForce") : t("notInForce"),
    reason: standing.in_force ? t("coveredUntil", { date: date(standing.valid_to) }) : reasonNotInForce(),
    facts: [
      [t("facts.policyNumber"), standing.policy_number],
      [t("facts.status"), status],
      [t("facts.validFrom"), date(standing.valid_from)],
      [t("facts.validTo"), date(standing.valid_to)],
      [t("facts.holder"), standing.holder_initials],
      [t("facts.plan"), standing.plan_name],
    ],
    note: t("note", { date: date(today) }),
  };

  /** Why a policy does not cover today, in words a person at a counter can act on. */
  function reasonNotInForce(): string {
    if (!isCovering(standing.status))
      return t("reasonStatus", { status: status.toLocaleLowerCase(intlLocale(locale)) });
    if (today < standing.valid_from) return t("reasonNotStarted", { date: date(standing.valid_from) });
    return t("reasonEnded", { date: date(standing.valid_to) });
  }
}

/** The texts of the page for a link that names no policy. */
export function notFoundView(locale: Locale) {
  const t = createTranslator({ locale, messages: catalogs[locale], namespace: "verify" });
  return { kicker: t("kicker"), title: t("notFound.title"), text: t("notFound.text") };
}
