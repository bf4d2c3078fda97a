"use client";

import { useTranslations } from "next-intl";
import { useCallback, type ReactNode } from "react";
import { useFormat } from "./use-format";

// Every premium is monthly (one is owed per month of cover), and a page says so wherever it shows one:
// "1,250.00 USD per month", "1,250.00 USD al mes" (common.perMonth). These two are the only ways pages
// write it, so the wording stays one.

/** A premium as text, for a table cell, an option or another message: "75.00 USD per month". */
export function usePremium(): (amount: string, currency: string) => string {
  const tc = useTranslations("common");
  const f = useFormat();
  return useCallback((amount, currency) => tc("perMonth", { amount: f.money(amount, currency) }), [tc, f]);
}

/**
 * "per month" around an element that shows the amount, so that the element itself (a status, an
 * output) holds the figure alone and is announced as such. `isShown` false shows the element without it.
 */
export function PerMonth({ children, isShown = true }: { children: ReactNode; isShown?: boolean }) {
  const tc = useTranslations("common");
  if (!isShown) return children;
  const marker = "\u0000";
  const [before = "", after = ""] = tc("perMonth", { amount: marker }).split(marker);
  return (
    <>
      {before}
      {children}
      {after}
    </>
  );
}
