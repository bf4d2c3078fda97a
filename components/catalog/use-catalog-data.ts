"use client";

import { useApiData } from "@/components/ui/api-client";
import type { Country, Product, Zone } from "./types";
import { findVersion } from "./types";

/**
 * What the version pages need: the version with its product and plan (for the heading and the plan
 * id), and the countries and zones its lists choose from.
 */
export function useVersionPageData(versionId: string) {
  const products = useApiData<Product[]>("/api/v1/products/?active_only=false");
  const countries = useApiData<Country[]>("/api/v1/geography/countries");
  const zones = useApiData<Zone[]>("/api/v1/geography/zones");
  const found = products.data ? findVersion(products.data, versionId) : null;
  return {
    found,
    isLoading: products.isLoading && !products.data,
    // The lists only offer choices; without them the rows take codes and ids as text.
    isLoadingChoices: (countries.isLoading && !countries.data) || (zones.isLoading && !zones.data),
    error: products.error,
    countries: countries.data,
    zones: zones.data,
  };
}
