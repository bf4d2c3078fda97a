"use client";

import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { UpdateCompanyInput } from "@/lib/operations/schemas";
import { apiFetch } from "@/components/ui/api-client";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { CheckboxField, Field } from "@/components/ui/field";
import { FormActions, TextField } from "@/components/ui/form-fields";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useZodResolver } from "@/components/ui/use-zod-resolver";
import { CountrySelect } from "./country-select";
import type { Company, Country } from "./types";

type FormInput = z.input<typeof UpdateCompanyInput>;
type FormOutput = z.output<typeof UpdateCompanyInput>;

const COMPANIES = "/api/v1/organizations/companies";
const FIELDS = ["name", "tax_id", "country_code", "is_reseller", "commission_rate"] as const;

/** An emptied optional field is sent as null, which clears it. */
const emptyToNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);

type EditCompanyFormProps = { company: Company; countries: Country[] | null; isLoadingCountries: boolean };

/**
 * Edit a company after its creation (PATCH /organizations/companies/{id}): every field it was created
 * with but the processor account, which the reseller's onboarding sets.
 */
export function EditCompanyForm({ company, countries, isLoadingCountries }: EditCompanyFormProps) {
  const t = useTranslations("companies.edit");
  const tc = useTranslations("companies.create");
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: useZodResolver(UpdateCompanyInput),
    defaultValues: {
      name: company.name,
      tax_id: company.tax_id,
      country_code: company.country_code,
      is_reseller: company.is_reseller,
      commission_rate: company.commission_rate,
    },
  });
  const { error, success, submit } = useApiSubmit(setFieldError, FIELDS, { invalidates: [COMPANIES] });
  const id = (field: string) => `company-${company.id}-${field}`;

  async function onSubmit(values: FormOutput) {
    await submit(async () => {
      const updated = await apiFetch<Company>(`${COMPANIES}/${company.id}`, { method: "PATCH", body: values });
      // The form starts again from what was saved (the rate as the service rounded it).
      reset({
        name: updated.name,
        tax_id: updated.tax_id,
        country_code: updated.country_code,
        is_reseller: updated.is_reseller,
        commission_rate: updated.commission_rate,
      });
      return t("saved", { name: updated.name });
    });
  }

  return (
    <form
      className="form form-grid"
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-label={t("formLabel", { company: company.name })}
    >
      <ErrorBanner message={error} />
      <SuccessBanner message={success} />
      <TextField
        id={id("name")}
        label={tc("name")}
        error={errors.name?.message}
        autoComplete="off"
        registration={register("name")}
      />
      <TextField
        id={id("tax-id")}
        label={tc("taxId")}
        error={errors.tax_id?.message}
        autoComplete="off"
        registration={register("tax_id", { setValueAs: emptyToNull })}
      />
      <Field id={id("country")} label={tc("country")} error={errors.country_code?.message}>
        <CountrySelect
          id={id("country")}
          countries={countries}
          isLoading={isLoadingCountries}
          isInvalid={Boolean(errors.country_code)}
          registration={register("country_code", { setValueAs: emptyToNull })}
        />
      </Field>
      <TextField
        id={id("commission")}
        label={tc("commission")}
        hint={tc("commissionHint")}
        error={
          errors.commission_rate?.type === "server"
            ? errors.commission_rate.message
            : errors.commission_rate && tc("commissionRange")
        }
        type="number"
        inputMode="decimal"
        min={0}
        max={100}
        step="0.01"
        registration={register("commission_rate")}
      />
      <CheckboxField id={id("reseller")} label={tc("reseller")}>
        <input id={id("reseller")} type="checkbox" {...register("is_reseller")} />
      </CheckboxField>
      <FormActions submitLabel={t("submit")} isBusy={isSubmitting} />
    </form>
  );
}
