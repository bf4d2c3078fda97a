"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { ApiError, useApiMessage } from "@/components/ui/api-client";

/** What a failed knowledge call means for the person, by status, followed by the API's own detail. */
export function useKnowledgeErrorMessage(): (error: unknown) => string {
  const t = useTranslations("knowledge.errors");
  const messageOf = useApiMessage();
  return useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError)) return messageOf(error);
      const detail = error.message;
      switch (error.status) {
        case 400:
          return t("refused", { detail });
        // The assistant refuses an unverified client and one with no client record (trust.md section 5).
        case 403:
          return t("forbidden", { detail });
        case 413:
          return t("tooLarge", { detail });
        case 422:
          return t("invalid", { detail });
        // Our own limit (20 questions a minute) or the model provider's quota: either way, a minute's wait.
        case 429:
          return t("tooMany", { detail });
        case 500:
        case 502:
          return t("modelFailed", { detail });
        default:
          return messageOf(error);
      }
    },
    [t, messageOf],
  );
}
