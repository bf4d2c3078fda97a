"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { useFormat } from "@/components/ui/use-format";

/** "today", "1 day", "12 days" in the page's language: how long a claim has waited. */
export function useAgeLabel(): (days: number) => string {
  const t = useTranslations("claims.age");
  return useCallback((days: number) => (days === 0 ? t("today") : t("days", { days })), [t]);
}

/** Totals per currency in the page's language, each with its currency: "USD 12.50 + MXN 300.00". */
export function useFormatAmounts(): (amounts: Array<{ currency: string; amount: string }>) => string {
  const f = useFormat();
  return useCallback(
    (amounts: Array<{ currency: string; amount: string }>) =>
      amounts.length === 0
        ? f.number(0, { minimumFractionDigits: 2 })
        : amounts.map(({ amount, currency }) => f.money(amount, currency)).join(" + "),
    [f],
  );
}

/** A checklist item's name: the catalog's words for a built-in code, else the label the company gave it. */
export function useRequirementLabel(): (item: { code: string; label: string }) => string {
  const tc = useTranslations("codes.requirement");
  return useCallback(
    (item: { code: string; label: string }) => (tc.has(item.code as never) ? tc(item.code as never) : item.label),
    [tc],
  );
}
