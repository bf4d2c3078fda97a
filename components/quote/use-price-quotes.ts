"use client";

import { useEffect, useRef, useState } from "react";
import type { PriceQuote } from "@/components/catalog/types";
import { apiFetch, ApiError, messageOf } from "@/components/ui/api-client";

/** Long enough not to ask for "6" on the way to "65", short enough to feel immediate. */
const DEBOUNCE_MS = 250;

export type QuoteRequest = { plan_version_id: string; country_code: string; age: number };

/** The API's answer for one person, or its message; `status` null when the server could not be reached. */
export type QuoteOutcome = { quote: PriceQuote } | { error: string; status: number | null };

export function quoteKey(request: QuoteRequest): string {
  return `${request.plan_version_id}|${request.country_code}|${request.age}`;
}

/**
 * Prices each person with one POST /plans/calculate-price (quantity 1), shortly after the inputs stop
 * changing. Answers are kept by request (version, country, age), so editing one person's age asks only
 * for that person, and an answer that arrives late can never be shown against other inputs. A request
 * whose inputs no row shows any more is aborted, so fast typing does not queue stale work on the server.
 */
export function usePriceQuotes(requests: QuoteRequest[]): Map<string, QuoteOutcome> {
  const [outcomes, setOutcomes] = useState<Map<string, QuoteOutcome>>(() => new Map());
  // The requests asked for and still wanted, each with the means to abort it.
  const asked = useRef(new Map<string, AbortController>());
  // A string, so the effect runs when the set of requests changes, not on every render.
  const wanted = [...new Set(requests.map(quoteKey))].sort().join("\n");

  useEffect(() => {
    const keys = wanted ? wanted.split("\n") : [];
    const timer = setTimeout(() => {
      const current = new Set(keys);
      // Forget answers no row shows any more: coming back to them asks again, as prices may have changed.
      for (const [key, controller] of asked.current) {
        if (current.has(key)) continue;
        controller.abort();
        asked.current.delete(key);
      }
      setOutcomes((previous) => new Map([...previous].filter(([key]) => current.has(key))));
      for (const key of keys) {
        if (asked.current.has(key)) continue;
        const controller = new AbortController();
        asked.current.set(key, controller);
        const [planVersionId, countryCode, age] = key.split("|");
        const body = { plan_version_id: planVersionId, country_code: countryCode, age: Number(age), quantity: 1 };
        apiFetch<PriceQuote>("/api/v1/plans/calculate-price", { method: "POST", body, signal: controller.signal })
          .then(
            (quote): QuoteOutcome => ({ quote }),
            (error: unknown): QuoteOutcome => ({
              error: messageOf(error),
              status: error instanceof ApiError ? error.status : null,
            }),
          )
          .then((outcome) => {
            if (asked.current.get(key) !== controller) return;
            setOutcomes((previous) => new Map(previous).set(key, outcome));
            // A network failure is asked again at the next change instead of sticking.
            if ("status" in outcome && outcome.status === null) asked.current.delete(key);
          });
      }
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [wanted]);

  return outcomes;
}
