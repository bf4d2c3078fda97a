"use client";

import type { PriceQuote, Version } from "@/components/catalog/types";
import { sumAmounts } from "@/components/quote/cents";
import { quoteKey, usePriceQuotes, type QuoteRequest } from "@/components/quote/use-price-quotes";
import { ageOn } from "@/lib/emission/dates";

/** What one beneficiary's row shows: what is missing, the API's refusal, or the price. */
export type PriceState =
  | { kind: "incomplete"; reason: MissingInput; startDate?: string }
  | { kind: "pending" }
  | { kind: "refused"; message: string }
  | { kind: "priced"; quote: PriceQuote; age: number; country: string };

/** What a row lacks before it can be priced (policies.beneficiary.incomplete.* in the catalog). */
export type MissingInput = "noVersion" | "noStart" | "noCountry" | "noBirth" | "bornAfterStart";

type PricingInput = {
  version: Version | null;
  /** The client's country: a beneficiary without one of its own is priced there, as the issue does. */
  clientCountry: string | null;
  startDate: string;
  people: ReadonlyArray<{ date_of_birth?: string; country_of_residence?: string } | undefined>;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function requestFor(
  { version, clientCountry, startDate }: PricingInput,
  person: PricingInput["people"][number],
): QuoteRequest | { reason: MissingInput } {
  if (!version) return { reason: "noVersion" };
  if (!DATE.test(startDate)) return { reason: "noStart" };
  const country = person?.country_of_residence || clientCountry;
  if (!country) return { reason: "noCountry" };
  const birth = person?.date_of_birth ?? "";
  if (!DATE.test(birth)) return { reason: "noBirth" };
  const age = ageOn(birth, startDate);
  if (age < 0) return { reason: "bornAfterStart" };
  return { plan_version_id: version.id, country_code: country, age };
}

/**
 * Prices each beneficiary as the issue will: calculate-price with the age at the start date, the
 * person's own country or else the client's, quantity 1. Requests are debounced, and those no row
 * wants any more are aborted (usePriceQuotes). The total is the exact sum once every row has a price.
 */
export function useBeneficiaryPrices(input: PricingInput) {
  const asks = input.people.map((person) => requestFor(input, person));
  const outcomes = usePriceQuotes(asks.filter((ask): ask is QuoteRequest => "age" in ask));

  const states = asks.map((ask): PriceState => {
    if (!("age" in ask)) return { kind: "incomplete", reason: ask.reason, startDate: input.startDate };
    const outcome = outcomes.get(quoteKey(ask));
    if (!outcome) return { kind: "pending" };
    return "quote" in outcome
      ? { kind: "priced", quote: outcome.quote, age: ask.age, country: ask.country_code }
      : { kind: "refused", message: outcome.error };
  });
  const quotes = states.flatMap((state) => (state.kind === "priced" ? [state.quote] : []));
  const total =
    quotes.length === states.length && quotes.length > 0
      ? { amount: sumAmounts(quotes.map((quote) => quote.final_price)), currency: quotes[0].currency }
      : null;
  return { states, total, hasRefusal: states.some((state) => state.kind === "refused") };
}
