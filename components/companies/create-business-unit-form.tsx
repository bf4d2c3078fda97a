"use client";

import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { CreateBusinessUnitInput } from "@/lib/operations/schemas";
import { apiFetch, emptyToUndefined } from "@/components/ui/api-client";
import { ErrorBanner } from "@/components/ui/error-banner";
import { ErrorSummary } from "@/components/ui/error-summary";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useZodResolver } from "@/components/ui/use-zod-resolver";
import { CountryField } from "./country-select";
import type { BusinessUnit, Company, Country } from "./types";
import { TextField, FormActions } from "@/components/ui/form-fields";

const COMPANIES = "/api/v1/organizations/companies";
const FIELDS = ["name", "code", "country_code"] as const;
const EMPTY = { name: "", code: "", country_code: "" };

type CreateBusinessUnitFormProps = {
  company: Company;
  countries: Country[] | null;
  isLoadingCountries: boolean;
  onCreated?: () => void;
};

export function CreateBusinessUnitForm({
  company,
  countries,
  isLoadingCountries,
  onCreated,
}: CreateBusinessUnitFormProps) {
  const t = useTranslations("companies.unit");
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<CreateBusinessUnitInput>({ resolver: useZodResolver(CreateBusinessUnitInput), defaultValues: EMPTY });
  const { error, submit } = useApiSubmit(setFieldError, FIELDS, { invalidates: [COMPANIES] });
  // Several of these forms share the page, one per company.
  const id = (name: string) => `unit-${company.id}-${name}`;

  async function onSubmit(values: CreateBusinessUnitInput) {
    await submit(async () => {
      await apiFetch<BusinessUnit>(`/api/v1/organizations/companies/${company.id}/business-units`, {
        method: "POST",
        body: values,
      });
      reset(EMPTY);
      onCreated?.();
    });
  }

  return (
    <form
      className="form form-grid"
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-label={t("formLabel", { company: company.name })}
    >
      <ErrorSummary control={control} />
      <ErrorBanner message={error} />
      <TextField
        id={id("name")}
        label={t("name")}
        error={errors.name?.message}
        autoComplete="off"
        registration={register("name")}
      />
      <TextField
        id={id("code")}
        label={t("code")}
        error={errors.code?.message}
        autoComplete="off"
        registration={register("code", { setValueAs: emptyToUndefined })}
      />
      <CountryField
        id={id("country")}
        label={t("country")}
        error={errors.country_code?.message}
        countries={countries}
        isLoading={isLoadingCountries}
        registration={register("country_code", { setValueAs: emptyToUndefined })}
      />
      <FormActions submitLabel={t("submit")} submitVariant="secondary" isBusy={isSubmitting} />
    </form>
  );
}
