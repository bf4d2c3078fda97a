"use client";

import { useMemo } from "react";
import { useFormat } from "@/components/ui/use-format";

/** The continents of the countries list (countries-list's English names, as the API returns them). */
const CONTINENTS = {
  Africa: "africa",
  Antarctica: "antarctica",
  Asia: "asia",
  Europe: "europe",
  "North America": "northAmerica",
  Oceania: "oceania",
  "South America": "southAmerica",
} as const;

/** The `geography.continents` key of a continent's English name; null for one not listed. */
export function continentKey(continent: string): (typeof CONTINENTS)[keyof typeof CONTINENTS] | null {
  return Object.hasOwn(CONTINENTS, continent) ? CONTINENTS[continent as keyof typeof CONTINENTS] : null;
}

/**
 * The countries with their names in the page's language (Intl.DisplayNames by ISO code, the API's name
 * where the browser has none), sorted by that name in that language's collation.
 */
export function useCountryNames<C extends { iso_code: string; name: string }>(countries: readonly C[]): C[] {
  const f = useFormat();
  return useMemo(() => {
    const collator = new Intl.Collator(f.locale);
    return countries
      .map((country) => {
        const shown = f.country(country.iso_code);
        return { ...country, name: shown && shown !== country.iso_code ? shown : country.name };
      })
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [countries, f]);
}
