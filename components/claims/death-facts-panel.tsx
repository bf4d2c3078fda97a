"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import type { Country } from "@/components/catalog/types";
import { CountrySelect } from "@/components/companies/country-select";
import { apiFetch, emptyToUndefined, useApiData } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { ErrorSummary } from "@/components/ui/error-summary";
import { Field } from "@/components/ui/field";
import { FormActions, SelectField, TextField } from "@/components/ui/form-fields";
import { Panel } from "@/components/ui/panel";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useFormat } from "@/components/ui/use-format";
import { useZodResolver } from "@/components/ui/use-zod-resolver";
import { CauseOfDeath, UpdateClaimInput } from "@/lib/claims/schemas";
import type { Claim } from "./types";

type FormInput = z.input<typeof UpdateClaimInput>;
type FormOutput = z.output<typeof UpdateClaimInput>;

const FIELDS = ["date_of_death", "cause_of_death", "place_of_death_country", "repatriation_to_country"] as const;

/** Whether the facts of a claim may still be corrected (PATCH /claims/{id}: not CLOSED or REJECTED). */
export function acceptsFacts(status: Claim["status"]): boolean {
  return status !== "CLOSED" && status !== "REJECTED";
}

/** The facts of the death: when, of what, where, and where the body goes; corrected by claims:write. */
export function DeathFactsPanel({ claim, canWrite }: { claim: Claim; canWrite: boolean }) {
  const t = useTranslations("claims.facts");
  const tc = useTranslations("codes");
  const f = useFormat();
  const [isEditing, setIsEditing] = useState(false);
  const canEdit = canWrite && acceptsFacts(claim.status);
  const country = (code: string | null) => (code ? `${f.country(code)} (${code})` : t("unknown"));
  return (
    <Panel
      title={t("title")}
      description={t("description")}
      actions={
        canEdit && !isEditing ? (
          <Button variant="secondary" onClick={() => setIsEditing(true)}>
            {t("edit")}
          </Button>
        ) : null
      }
    >
      {isEditing ? (
        <DeathFactsForm claim={claim} onDone={() => setIsEditing(false)} />
      ) : (
        <dl className="facts claim-facts">
          <dt>{t("dateOfDeath")}</dt>
          <dd>{claim.date_of_death ? f.date(claim.date_of_death) : t("unknown")}</dd>
          <dt>{t("cause")}</dt>
          <dd>{tc(`causeOfDeath.${claim.cause_of_death}`)}</dd>
          <dt>{t("placeOfDeath")}</dt>
          <dd>{country(claim.place_of_death_country)}</dd>
          <dt>{t("destination")}</dt>
          <dd>{country(claim.repatriation_to_country)}</dd>
        </dl>
      )}
    </Panel>
  );
}

function DeathFactsForm({ claim, onDone }: { claim: Claim; onDone: () => void }) {
  const t = useTranslations("claims.facts");
  const tc = useTranslations("codes");
  const countries = useApiData<Country[]>("/api/v1/geography/countries");
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: useZodResolver(UpdateClaimInput),
    defaultValues: {
      date_of_death: claim.date_of_death ?? undefined,
      cause_of_death: claim.cause_of_death,
      place_of_death_country: claim.place_of_death_country ?? undefined,
      repatriation_to_country: claim.repatriation_to_country ?? undefined,
    },
  });
  const { error, success, submit } = useApiSubmit(setFieldError, FIELDS, {
    invalidates: [`/api/v1/claims/${claim.id}`],
  });
  const toCode = (value: unknown) => {
    const text = emptyToUndefined(value);
    return typeof text === "string" ? text.trim().toUpperCase() : text;
  };

  async function onSubmit(values: FormOutput) {
    const isSaved = await submit(async () => {
      await apiFetch<Claim>(`/api/v1/claims/${claim.id}`, { method: "PATCH", body: values });
      return t("saved");
    });
    if (isSaved) onDone();
  }

  return (
    <form className="form form-grid" onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t("formLabel")}>
      <ErrorSummary control={control} />
      <ErrorBanner message={error} />
      <SuccessBanner message={success} />
      <TextField
        id="claim-date-of-death"
        label={t("dateOfDeath")}
        hint={t("dateHint")}
        error={errors.date_of_death?.message}
        type="date"
        registration={register("date_of_death", { setValueAs: emptyToUndefined })}
      />
      <SelectField
        id="claim-cause"
        label={t("cause")}
        error={errors.cause_of_death?.message}
        registration={register("cause_of_death")}
      >
        {CauseOfDeath.options.map((cause) => (
          <option key={cause} value={cause}>
            {tc(`causeOfDeath.${cause}`)}
          </option>
        ))}
      </SelectField>
      <Field id="claim-place-of-death" label={t("placeOfDeath")} error={errors.place_of_death_country?.message}>
        <CountrySelect
          id="claim-place-of-death"
          countries={countries.data}
          isLoading={countries.isLoading}
          isInvalid={Boolean(errors.place_of_death_country)}
          registration={register("place_of_death_country", { setValueAs: toCode })}
        />
      </Field>
      <Field id="claim-destination" label={t("destination")} error={errors.repatriation_to_country?.message}>
        <CountrySelect
          id="claim-destination"
          countries={countries.data}
          isLoading={countries.isLoading}
          isInvalid={Boolean(errors.repatriation_to_country)}
          registration={register("repatriation_to_country", { setValueAs: toCode })}
        />
      </Field>
      <FormActions submitLabel={t("save")} isBusy={isSubmitting} onCancel={onDone} />
    </form>
  );
}
