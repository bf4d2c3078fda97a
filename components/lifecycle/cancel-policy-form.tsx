"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import type { PolicyDetail } from "@/components/policies/types";
import { apiFetch } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner } from "@/components/ui/error-banner";
import { ErrorSummary } from "@/components/ui/error-summary";
import { FormActions, SelectField, TextAreaField } from "@/components/ui/form-fields";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useFormat } from "@/components/ui/use-format";
import { useZodResolver } from "@/components/ui/use-zod-resolver";
import { CancelPolicyInput, type CancellationResponse } from "@/lib/lifecycle/schemas";

// The back office's input; a client's cancel sends its reason alone (PortalCancelInput).
const CANCELLATION_REASON_CODES = CancelPolicyInput.shape.reason_code.options;
type CancelFormInput = z.input<typeof CancelPolicyInput>;
type CancelFormValues = z.output<typeof CancelPolicyInput>;
const FIELDS = ["reason_code", "reason", "when"] as const;

type CancelPolicyFormProps = {
  policy: Pick<PolicyDetail, "id" | "currency" | "paid_to_date">;
  /** The back office's cancel (a reason code and when), or the client's own from the portal (a reason only). */
  audience: "staff" | "client";
  /** The resources the cancellation changes, loaded again once it is done. */
  invalidates: string[];
  onDone: (message: string) => void;
  onCancel: () => void;
};

/**
 * Cancels a policy (lifecycle.md section 8) in two steps: the dry run says what the policy would get
 * back (every premium within the cooling-off period, else nothing), and only the confirmation cancels.
 */
export function CancelPolicyForm({ policy, audience, invalidates, onDone, onCancel }: CancelPolicyFormProps) {
  const t = useTranslations("lifecycle.cancel");
  const f = useFormat();
  const isStaff = audience === "staff";
  const url = isStaff ? `/api/v1/emission/policies/${policy.id}/cancel` : `/api/v1/portal/policies/${policy.id}/cancel`;
  const [preview, setPreview] = useState<{ body: object; result: CancellationResponse } | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    control,
    formState: { errors },
  } = useForm<CancelFormInput, unknown, CancelFormValues>({
    resolver: useZodResolver(CancelPolicyInput),
    defaultValues: { reason_code: "CLIENT_REQUEST", reason: "", when: "NOW" },
  });
  const check = useApiSubmit(setFieldError, FIELDS);
  const confirm = useApiSubmit(undefined, undefined, { invalidates });
  const money = (amount: string) => f.money(amount, policy.currency);

  async function onCheck(values: CancelFormValues) {
    const body = isStaff ? values : { reason: values.reason };
    await check.submit(async () => {
      const result = await apiFetch<CancellationResponse>(`${url}?dry_run=true`, { method: "POST", body });
      setPreview({ body, result });
    });
  }

  async function onConfirm() {
    if (!preview) return;
    await confirm.submit(async () => {
      const result = await apiFetch<CancellationResponse>(url, { method: "POST", body: preview.body });
      onDone(
        result.policy.cancel_at
          ? t("scheduled", { date: f.date(result.policy.cancel_at) })
          : Number(result.refund_amount) > 0
            ? t("cancelledWithRefund", { amount: money(result.refund_amount) })
            : t("cancelled"),
      );
    });
  }

  const outcome = preview?.result;
  return (
    <>
      <form className="form" onSubmit={handleSubmit(onCheck)} noValidate aria-label={t("form")}>
        <ErrorSummary control={control} />
        <fieldset className="plain-fieldset" disabled={preview !== null}>
          <div className="form-grid">
            {isStaff ? (
              <>
                <SelectField
                  id="cancel-reason-code"
                  label={t("reasonCode")}
                  error={errors.reason_code?.message}
                  registration={register("reason_code")}
                >
                  {CANCELLATION_REASON_CODES.map((code) => (
                    <option key={code} value={code}>
                      {t(`reasonCodes.${code}`)}
                    </option>
                  ))}
                </SelectField>
                <SelectField
                  id="cancel-when"
                  label={t("when")}
                  error={errors.when?.message}
                  registration={register("when")}
                >
                  <option value="NOW">{t("now")}</option>
                  <option value="END_OF_PAID_PERIOD">
                    {policy.paid_to_date
                      ? t("endOfPaidPeriodOn", { date: f.date(policy.paid_to_date) })
                      : t("endOfPaidPeriod")}
                  </option>
                </SelectField>
              </>
            ) : null}
            <TextAreaField
              id="cancel-reason"
              label={t("reason")}
              error={errors.reason?.message}
              rows={2}
              registration={register("reason")}
            />
          </div>
        </fieldset>
        <ErrorBanner message={check.error} />
        {preview ? null : (
          <FormActions submitLabel={t("check")} submitVariant="secondary" isBusy={check.isBusy} onCancel={onCancel} />
        )}
      </form>
      {outcome ? (
        <section className="lifecycle-preview" aria-label={t("previewLabel")}>
          <p role="status">
            {outcome.policy.cancel_at
              ? t("willWait", { date: f.date(outcome.policy.cancel_at) })
              : Number(outcome.refund_amount) > 0
                ? t.rich("willRefund", { amount: money(outcome.refund_amount), strong: (c) => <strong>{c}</strong> })
                : t("noRefund")}
          </p>
          <ErrorBanner message={confirm.error} />
          <div className="form-actions">
            <Button variant="danger" onClick={() => void onConfirm()} isBusy={confirm.isBusy}>
              {t("confirm")}
            </Button>
            <Button variant="secondary" onClick={() => setPreview(null)} disabled={confirm.isBusy}>
              {t("edit")}
            </Button>
          </div>
        </section>
      ) : null}
    </>
  );
}
