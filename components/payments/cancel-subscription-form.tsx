"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { PolicyDetail } from "@/components/policies/types";
import { apiFetch } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner } from "@/components/ui/error-banner";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { usePaymentError } from "./payment-errors";
import type { Subscription } from "./types";

type CancelSubscriptionFormProps = {
  policyId: string;
  onCancelled: (result: { subscription: Subscription; policy: PolicyDetail }) => void;
  onClose: () => void;
};

/**
 * Cancels the policy's subscription, now (the policy becomes CANCELLED at once) or at the end of the paid
 * period (it stays as it is until the processor ends the subscription). Either cannot be undone here,
 * so the choice is confirmed before it is sent.
 */
export function CancelSubscriptionForm({ policyId, onCancelled, onClose }: CancelSubscriptionFormProps) {
  const t = useTranslations("payments.cancel");
  const common = useTranslations("common");
  const describeError = usePaymentError();
  const [isImmediate, setIsImmediate] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const { error, isBusy, submit } = useApiSubmit(undefined, undefined, { describeError });

  async function cancel() {
    await submit(async () => {
      const result = await apiFetch<{ subscription: Subscription; policy: PolicyDetail }>(
        "/api/v1/payments/subscription/cancel",
        { method: "POST", body: { policy_id: policyId, cancel_immediately: isImmediate } },
      );
      onCancelled(result);
    });
  }

  return (
    <div className="form payment-form" role="group" aria-label={t("form")}>
      <ErrorBanner message={error} />
      <fieldset className="plain-fieldset choice" disabled={isConfirming}>
        <legend className="field-label">{t("when")}</legend>
        <label>
          <input type="radio" name="cancel-when" checked={!isImmediate} onChange={() => setIsImmediate(false)} />{" "}
          {t("atPeriodEnd")}
        </label>
        <label>
          <input type="radio" name="cancel-when" checked={isImmediate} onChange={() => setIsImmediate(true)} />{" "}
          {t("now")}
        </label>
      </fieldset>
      <div className="form-actions">
        {isConfirming ? (
          <>
            <Button variant="danger" onClick={cancel} isBusy={isBusy}>
              {isImmediate ? t("confirmNow") : t("confirmAtPeriodEnd")}
            </Button>
            <Button variant="secondary" onClick={() => setIsConfirming(false)} disabled={isBusy}>
              {common("back")}
            </Button>
          </>
        ) : (
          <>
            <Button variant="danger" onClick={() => setIsConfirming(true)}>
              {t("submit")}
            </Button>
            <Button variant="secondary" onClick={onClose}>
              {common("close")}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
