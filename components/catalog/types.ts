import type { z } from "zod";
import type { PlanResponse, PriceQuoteResponse, ProductResponse, VersionResponse } from "@/lib/catalog/schemas";
import type { CountryResponse, ZoneResponse } from "@/lib/operations/schemas";

// The API's answers, typed from the same schemas that document them.
export type Product = ProductResponse;
export type Plan = PlanResponse;
export type Version = VersionResponse;
export type PriceQuote = z.infer<typeof PriceQuoteResponse>;
export type Country = z.infer<typeof CountryResponse>;
export type Zone = z.infer<typeof ZoneResponse>;

/** Currencies offered in the forms; the API may be configured with more (CATALOG_CURRENCIES). */
export const CURRENCIES = ["USD", "EUR", "MXN"] as const;

/** A version with the product and plan it belongs to, as the editor pages need all three. */
export type VersionInTree = { product: Product; plan: Plan; version: Version };

export function findVersion(products: Product[], versionId: string): VersionInTree | null {
  for (const product of products) {
    for (const plan of product.plans) {
      const version = plan.versions.find((candidate) => candidate.id === versionId);
      if (version) return { product, plan, version };
    }
  }
  return null;
}

/**
 * "v2" or, for a version without a label, the date it was created: what a person recognises. English
 * only; pages use useCatalogFormat().versionName, in the page's language.
 */
export function versionName(version: Pick<Version, "version_label" | "created_at">): string {
  return version.version_label ?? `version of ${version.created_at.slice(0, 10)}`;
}
