"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { ApiError } from "@/components/ui/api-client";

/**
 * The banner text of a failed payments call, in the page's language: the page's own words for the
 * answers it knows (a 503 of a card endpoint names the setting that fixes it), else a generic text
 * with the API's `detail`, which stays English as the API's words.
 */
export function usePaymentError() {
  const t = useTranslations("payments.errors");
  const common = useTranslations("common");
  return useCallback(
    (error: unknown): string => {
      if (!(error instanceof ApiError)) return common("networkError");
      if (error.status === 503) return t("processorOff", { detail: error.message });
      if (error.code === "onboarding_completed") return t("onboardingCompleted");
      return t("failed", { detail: error.message });
    },
    [t, common],
  );
}

/** A load's error (useApiData's message) as a banner text: the generic text with the API's words. */
export function useLoadError() {
  const t = useTranslations("payments.errors");
  return useCallback(
    (message: string | null): string | null => (message === null ? null : t("failed", { detail: message })),
    [t],
  );
}
