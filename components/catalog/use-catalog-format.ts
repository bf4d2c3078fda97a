"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { useFormat } from "@/components/ui/use-format";
import { intlLocale } from "@/lib/i18n/format";
import type { Country, Version } from "./types";

/**
 * The catalog's and the quote's formats in the page's language (useFormat's, with decimals as the
 * API writes them), version names, and country choices by their name in the page's language.
 */
export function useCatalogFormat() {
  const f = useFormat();
  const t = useTranslations("catalog");
  return useMemo(() => {
    const locale = intlLocale(f.locale);
    /** A decimal of the API without a currency ("12.50", "1,250.00"), its decimals as written. */
    function decimal(value: string): string {
      const digits = value.split(".")[1]?.length ?? 0;
      return f.number(value, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    }
    /** "v2" or, for a version without a label, the date it was created. */
    function versionName(version: Pick<Version, "version_label" | "created_at">): string {
      return version.version_label ?? t("versionOf", { date: f.date(version.created_at) });
    }
    const collator = new Intl.Collator(locale);
    /** Countries as a select offers them: "México (MX)", sorted by the shown name. */
    function countryChoices(countries: Array<Pick<Country, "iso_code">>): Array<{ value: string; label: string }> {
      return countries
        .map((country) => ({ value: country.iso_code, name: f.country(country.iso_code) }))
        .sort((a, b) => collator.compare(a.name, b.name))
        .map(({ value, name }) => ({ value, label: `${name} (${value})` }));
    }
    return { ...f, decimal, versionName, countryChoices };
  }, [f, t]);
}
