"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { CreateCompanyInput } from "@/lib/operations/schemas";
import { apiFetch, emptyToUndefined } from "@/components/ui/api-client";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { CheckboxField, Field } from "@/components/ui/field";
import { useApiSubmit } from "@/components/ui/use-api-submit";
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
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(CreateCompanyInput), defaultValues: EMPTY });
  const { error, success, submit } = useApiSubmit(setFieldError, FIELDS, { invalidates: [COMPANIES] });

  async function onSubmit(values: FormOutput) {
    await submit(async () => {
      const company = await apiFetch<Company>("/api/v1/organizations/companies", { method: "POST", body: values });
      reset(EMPTY);
      onCreated?.(company);
      return `Created ${company.name}.`;
    });
  }

  return (
    <form className="form form-grid" onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Create a company">
      <ErrorBanner message={error} />
      <SuccessBanner message={success} />
      <TextField
        id="company-name"
        label="Name"
        error={errors.name?.message}
        autoComplete="off"
        registration={register("name")}
      />
      <TextField
        id="company-tax-id"
        label="Tax id (optional)"
        error={errors.tax_id?.message}
        autoComplete="off"
        registration={register("tax_id", { setValueAs: emptyToUndefined })}
      />
      <Field id="company-country" label="Country (optional)" error={errors.country_code?.message}>
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
        label="Commission rate (%)"
        hint="0 to 100; resellers earn it on each sale"
        error={errors.commission_rate?.message}
        type="number"
        inputMode="decimal"
        min={0}
        max={100}
        step="0.01"
        registration={register("commission_rate", { setValueAs: emptyToUndefined })}
      />
      <CheckboxField id="company-reseller" label="Reseller (sells cover under its own name)">
        <input id="company-reseller" type="checkbox" {...register("is_reseller")} />
      </CheckboxField>
      <FormActions submitLabel="Create company" isBusy={isSubmitting} />
    </form>
  );
}
