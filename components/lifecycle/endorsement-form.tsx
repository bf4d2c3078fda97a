"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { FormProvider, useFieldArray, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import type { Country, Version } from "@/components/catalog/types";
import type { Client } from "@/components/clients/types";
import { BeneficiaryRow } from "@/components/policies/beneficiary-row";
import type { PolicyDetail } from "@/components/policies/types";
import { useBeneficiaryPrices } from "@/components/policies/use-beneficiary-prices";
import { apiFetch, ApiError, useApiData } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { CheckboxField } from "@/components/ui/field";
import { ErrorBanner } from "@/components/ui/error-banner";
import { ErrorSummary } from "@/components/ui/error-summary";
import { FormActions, TextAreaField } from "@/components/ui/form-fields";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useFormat } from "@/components/ui/use-format";
import { useZodResolver } from "@/components/ui/use-zod-resolver";
import { todayUtc } from "@/lib/emission/dates";
import { BeneficiaryInput } from "@/lib/emission/schemas";
import { policyPath } from "./types";
import type { EndorsePolicyResponse } from "@/lib/lifecycle/schemas";

// The lives to add are the form's `beneficiaries`, so the issue form's row (BeneficiaryRow) serves here;
// they are sent as the endorsement's `add`.
const EndorsementForm = z.object({
  beneficiaries: z.array(BeneficiaryInput),
  // One checkbox alone gives its value or false rather than a list.
  remove: z.preprocess(
    (value) => (Array.isArray(value) ? value : typeof value === "string" ? [value] : []),
    z.array(z.string()),
  ),
  reason: z.string().trim().min(1).max(1000),
});
type EndorsementFormInput = z.input<typeof EndorsementForm>;
type EndorsementFormOutput = z.output<typeof EndorsementForm>;
type EndorsementBody = { add: EndorsementFormOutput["beneficiaries"]; remove: string[]; reason: string };

const FIELD = /^(reason|beneficiaries\.\d+\.(first_name|last_name|kinship_type|date_of_birth|country_of_residence))$/;
const isField = (path: string) => FIELD.test(path);

/** The endorsement's 422 names the added lives `add.<n>.<field>`; the form's rows are `beneficiaries.<n>`. */
function onFormPaths(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const errors = error.errors.map((item) => ({ ...item, path: item.path.replace(/^add\./, "beneficiaries.") }));
  return new ApiError(error.status, error.message, errors, error.code);
}

const emptyLife = (): EndorsementFormInput["beneficiaries"][number] => ({
  first_name: "",
  last_name: "",
  kinship_type: "CHILD",
  date_of_birth: "",
  country_of_residence: undefined,
});

type EndorsementFormProps = { policy: PolicyDetail; onDone: (message: string) => void; onCancel: () => void };

/**
 * Adds and removes covered lives (lifecycle.md section 7) in two steps: the dry run shows the premium
 * before and after, and only the confirmation stores the change. Added lives are priced as they are
 * typed, at their age today.
 */
export function EndorsementFormPanel({ policy, onDone, onCancel }: EndorsementFormProps) {
  const t = useTranslations("lifecycle.endorsements");
  const f = useFormat();
  const [preview, setPreview] = useState<{ body: EndorsementBody; result: EndorsePolicyResponse } | null>(null);
  // Said in the banner rather than as a form error: no one field is wrong, so the summary leaves it out.
  const [isNothingToChange, setIsNothingToChange] = useState(false);
  const countries = useApiData<Country[]>("/api/v1/geography/countries");
  const version = useApiData<Version>(`/api/v1/plan-versions/${policy.plan_version_id}`);
  const client = useApiData<Client>(`/api/v1/emission/clients/${policy.client_id}`);
  const form = useForm<EndorsementFormInput, unknown, EndorsementFormOutput>({
    resolver: useZodResolver(EndorsementForm),
    defaultValues: { beneficiaries: [], remove: [], reason: "" },
  });
  const {
    control,
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors },
  } = form;
  const rows = useFieldArray({ control, name: "beneficiaries" });
  const people = useWatch({ control, name: "beneficiaries" });
  const pricing = useBeneficiaryPrices({
    version: version.data,
    clientCountry: client.data?.country_of_residence ?? null,
    startDate: todayUtc(),
    people,
  });
  const check = useApiSubmit(setFieldError, isField);
  const confirm = useApiSubmit(undefined, undefined, { invalidates: [policyPath(policy.id)] });
  const covered = policy.beneficiaries.filter((life) => life.cover_end_date === null && !life.deceased_flag);
  const url = `${policyPath(policy.id)}/endorsements`;

  async function onCheck(values: EndorsementFormOutput) {
    const isEmpty = values.beneficiaries.length === 0 && values.remove.length === 0;
    setIsNothingToChange(isEmpty);
    if (isEmpty) return;
    const body = { add: values.beneficiaries, remove: values.remove, reason: values.reason };
    await check.submit(async () => {
      try {
        const result = await apiFetch<EndorsePolicyResponse>(`${url}?dry_run=true`, { method: "POST", body });
        setPreview({ body, result });
      } catch (caught) {
        throw onFormPaths(caught);
      }
    });
  }

  async function onConfirm() {
    if (!preview) return;
    await confirm.submit(async () => {
      const { endorsement } = await apiFetch<EndorsePolicyResponse>(url, { method: "POST", body: preview.body });
      onDone(t("recorded", { premium: f.money(endorsement.premium_after, policy.currency) }));
    });
  }

  const money = (amount: string) => f.money(amount, policy.currency);
  return (
    <FormProvider {...form}>
      <form
        className="form"
        onSubmit={handleSubmit(onCheck, () => setIsNothingToChange(false))}
        noValidate
        aria-label={t("form")}
      >
        <ErrorSummary control={control} />
        <fieldset className="plain-fieldset" disabled={preview !== null}>
          <fieldset className="nested lives-to-remove">
            <legend>{t("removeLegend")}</legend>
            {covered.map((life) => (
              <CheckboxField key={life.id} id={`remove-${life.id}`} label={`${life.first_name} ${life.last_name}`}>
                <input id={`remove-${life.id}`} type="checkbox" value={life.id} {...register("remove")} />
              </CheckboxField>
            ))}
          </fieldset>
          <ErrorBanner message={countries.error ?? version.error ?? client.error} />
          <div className="beneficiaries">
            {rows.fields.map((row, index) => (
              <BeneficiaryRow
                key={row.id}
                index={index}
                countries={countries.data}
                isLoadingCountries={countries.isLoading}
                price={pricing.states[index] ?? { kind: "pending" }}
                canRemove
                onRemove={() => rows.remove(index)}
              />
            ))}
          </div>
          <div className="form-actions">
            <Button variant="secondary" onClick={() => rows.append(emptyLife())}>
              {t("addLife")}
            </Button>
          </div>
          <TextAreaField
            id="endorsement-reason"
            label={t("reason")}
            error={errors.reason?.message}
            rows={2}
            registration={register("reason")}
          />
        </fieldset>
        <ErrorBanner message={isNothingToChange ? t("nothingToChange") : check.error} />
        {preview ? null : <FormActions submitLabel={t("check")} isBusy={check.isBusy} onCancel={onCancel} />}
      </form>
      {preview ? (
        <section className="lifecycle-preview" aria-label={t("previewLabel")}>
          <p role="status">
            {t.rich("premiumChange", {
              before: money(preview.result.endorsement.premium_before),
              after: money(preview.result.endorsement.premium_after),
              strong: (chunks) => <strong>{chunks}</strong>,
            })}
          </p>
          <ul className="unit-list">
            {/* A life the dry run would add has no id yet. */}
            {preview.result.endorsement.added.map((life, index) => (
              <li key={`added-${index}`}>
                {t("addedLife", { name: `${life.first_name} ${life.last_name}`, price: money(life.price) })}
              </li>
            ))}
            {preview.result.endorsement.removed.map((life) => (
              <li key={life.id}>{t("removedLife", { name: `${life.first_name} ${life.last_name}` })}</li>
            ))}
          </ul>
          <ErrorBanner message={confirm.error} />
          <div className="form-actions">
            <Button onClick={() => void onConfirm()} isBusy={confirm.isBusy}>
              {t("confirm")}
            </Button>
            <Button variant="secondary" onClick={() => setPreview(null)} disabled={confirm.isBusy}>
              {t("edit")}
            </Button>
          </div>
        </section>
      ) : null}
    </FormProvider>
  );
}
