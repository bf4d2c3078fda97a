"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { ApiError } from "@/components/ui/api-client";
import { useProfile } from "./use-profile";

/**
 * The banner text of a failed payments call, in the page's language: the page's own words for the
 * answers it knows, else a generic text with the API's `detail`, which stays English as the API's
 * words. A 503 of a card endpoint (card payments not configured) is a plain sentence; only an ADMIN is
 * also told the setting that fixes it (docs/administration.md).
 */
export function usePaymentError() {
  const t = useTranslations("payments.errors");
  const common = useTranslations("common");
  const { isAdmin } = useProfile();
  return useCallback(
    (error: unknown): string => {
      if (!(error instanceof ApiError)) return common("networkError");
      if (error.status === 503) return isAdmin ? t("processorOffAdmin", { detail: error.message }) : t("processorOff");
      if (error.code === "onboarding_completed") return t("onboardingCompleted");
      return t("failed", { detail: error.message });
    },
    [t, common, isAdmin],
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
