"use client";

import { useLocale } from "next-intl";
import { useMemo } from "react";
import { countryName, formatDate, formatDateTime, formatMoney, formatMonth, formatNumber } from "@/lib/i18n/format";

/** lib/i18n/format.ts bound to the page's language: dates, money, numbers and countries as the page reads. */
export function useFormat() {
  const locale = useLocale();
  return useMemo(
    () => ({
      locale,
      date: (value: string | Date) => formatDate(value, locale),
      dateTime: (value: string | Date) => formatDateTime(value, locale),
      month: (yearMonth: string) => formatMonth(yearMonth, locale),
      money: (amount: string | number, currency: string) => formatMoney(amount, currency, locale),
      number: (value: number | string, options?: Intl.NumberFormatOptions) => formatNumber(value, locale, options),
      country: (code: string) => countryName(code, locale),
    }),
    [locale],
  );
}
