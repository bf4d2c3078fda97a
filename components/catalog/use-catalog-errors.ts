"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { ApiError } from "@/components/ui/api-client";

/**
 * The banner's words for a catalog change the API refused, by status: the page's own text where it
 * knows the reason, else a general sentence with the API's `detail` (which names the field concerned).
 */
export function useCatalogErrors() {
  const t = useTranslations("catalog.errors");
  const tc = useTranslations("common");
  return useCallback(
    (error: unknown): string => {
      if (!(error instanceof ApiError)) return tc("networkError");
      if (error.status === 403) return t("forbidden");
      if (error.status === 404) return t("notFound");
      if (error.status === 409) return t("inUse");
      return t("failed", { detail: error.message });
    },
    [t, tc],
  );
}
