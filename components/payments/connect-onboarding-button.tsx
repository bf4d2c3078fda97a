"use client";

import { useTranslations } from "next-intl";
import { apiFetch } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner } from "@/components/ui/error-banner";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { usePaymentError } from "./payment-errors";
import type { Onboarding } from "./types";

/**
 * Sends the reseller to the processor's onboarding (an Express connected account), which returns to
 * /payments/reseller?onboarding=done, or ?onboarding=refresh when the link has expired. The link lasts
 * minutes, so it is asked for on the click, not in advance. A company that is not a reseller: 409; once
 * its onboarding is complete, only an administrator gets a link (403 for others). `companyId`: the
 * company an administrator picked; none for the caller's own.
 */
export function ConnectOnboardingButton({ companyId }: { companyId?: string }) {
  const t = useTranslations("payments.reseller");
  const describeError = usePaymentError();
  const { error, isBusy, submit } = useApiSubmit(undefined, undefined, { describeError });

  async function start() {
    await submit(async () => {
      const link = await apiFetch<Onboarding>(
        `/api/v1/payments/connect/onboarding${companyId ? `?company_id=${companyId}` : ""}`,
        { method: "POST" },
      );
      window.location.assign(link.url);
    });
  }

  return (
    <div className="onboarding">
      <ErrorBanner message={error} />
      <Button onClick={start} isBusy={isBusy}>
        {t("startOnboarding")}
      </Button>
    </div>
  );
}
