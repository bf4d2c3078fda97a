"use client";

import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { CreateCompanyInput } from "@/lib/operations/schemas";
import { apiFetch, emptyToUndefined } from "@/components/ui/api-client";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { CheckboxField, Field } from "@/components/ui/field";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useZodResolver } from "@/components/ui/use-zod-resolver";
import { CountrySelect } from "./country-select";
import type { Company, Country } from "./types";
import { TextField, FormActions } from "@/components/ui/form-fields";

type FormInput = z.input<typeof CreateCompanyInput>;
type FormOutput = z.output<typeof CreateCompanyInput>;

const COMPANIES = "/api/v1/organizations/companies";
const FIELDS = ["name", "tax_id", "country_code", "is_reseller", "commission_rate"] as const;
const EMPTY: FormInput = { name: "", tax_id: "", country_code: "", is_reseller: false, commission_rate: "0" };

type CreateCompanyFormProps = {
  countries: Country[] | null;
  isLoadingCountries: boolean;
  onCreated?: (company: Company) => void;
};

export function CreateCompanyForm({ countries, isLoadingCountries, onCreated }: CreateCompanyFormProps) {
  const t = useTranslations("companies.create");
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({ resolver: useZodResolver(CreateCompanyInput), defaultValues: EMPTY });
  const { error, success, submit } = useApiSubmit(setFieldError, FIELDS, { invalidates: [COMPANIES] });

  async function onSubmit(values: FormOutput) {
    await submit(async () => {
      const company = await apiFetch<Company>("/api/v1/organizations/companies", { method: "POST", body: values });
      reset(EMPTY);
      onCreated?.(company);
      return t("created", { name: company.name });
    });
  }

  return (
    <form className="form form-grid" onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t("title")}>
      <ErrorBanner message={error} />
      <SuccessBanner message={success} />
      <TextField
        id="company-name"
        label={t("name")}
        error={errors.name?.message}
        autoComplete="off"
        registration={register("name")}
      />
      <TextField
        id="company-tax-id"
        label={t("taxId")}
        error={errors.tax_id?.message}
        autoComplete="off"
        registration={register("tax_id", { setValueAs: emptyToUndefined })}
      />
      <Field id="company-country" label={t("country")} error={errors.country_code?.message}>
        <CountrySelect
          id="company-country"
          countries={countries}
          isLoading={isLoadingCountries}
          isInvalid={Boolean(errors.country_code)}
          registration={register("country_code", { setValueAs: emptyToUndefined })}
        />
      </Field>
      <TextField
        id="company-commission"
        label={t("commission")}
        hint={t("commissionHint")}
        error={
          // The schema's range rule has no code of its own: the form says the range itself.
          errors.commission_rate?.type === "server"
            ? errors.commission_rate.message
            : errors.commission_rate && t("commissionRange")
        }
        type="number"
        inputMode="decimal"
        min={0}
        max={100}
        step="0.01"
        registration={register("commission_rate", { setValueAs: emptyToUndefined })}
      />
      <CheckboxField id="company-reseller" label={t("reseller")}>
        <input id="company-reseller" type="checkbox" {...register("is_reseller")} />
      </CheckboxField>
      <FormActions submitLabel={t("submit")} isBusy={isSubmitting} />
    </form>
  );
}
