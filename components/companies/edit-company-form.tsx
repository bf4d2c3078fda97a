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
import { CompanyLogoPicker } from "./company-logo-picker";
import { CountrySelect } from "./country-select";
import type { Company, Country } from "./types";

type FormInput = z.input<typeof UpdateCompanyInput>;
type FormOutput = z.output<typeof UpdateCompanyInput>;

const COMPANIES = "/api/v1/organizations/companies";
const FIELDS = [
  "name",
  "tax_id",
  "country_code",
  "is_reseller",
  "commission_rate",
  "address",
  "registration_number",
  "contact_phone",
  "contact_email",
] as const;

/** An emptied optional field is sent as null, which clears it. */
const emptyToNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);

type EditCompanyFormProps = { company: Company; countries: Country[] | null; isLoadingCountries: boolean };

/**
 * Edit a company after its creation (PATCH /organizations/companies/{id}): every field it was created
 * with but the processor account, which the reseller's onboarding sets, and the profile its certificates
 * print (address, registration number, contact), with the logo picker below.
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
      address: company.address,
      registration_number: company.registration_number,
      contact_phone: company.contact_phone,
      contact_email: company.contact_email,
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
        address: updated.address,
        registration_number: updated.registration_number,
        contact_phone: updated.contact_phone,
        contact_email: updated.contact_email,
      });
      return t("saved", { name: updated.name });
    });
  }

  return (
    <>
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
        <TextField
          id={id("address")}
          label={t("address")}
          hint={t("profileHint")}
          error={errors.address?.message}
          autoComplete="off"
          registration={register("address", { setValueAs: emptyToNull })}
        />
        <TextField
          id={id("registration")}
          label={t("registrationNumber")}
          error={errors.registration_number?.message}
          autoComplete="off"
          registration={register("registration_number", { setValueAs: emptyToNull })}
        />
        <TextField
          id={id("phone")}
          label={t("contactPhone")}
          hint={t("contactPhoneHint")}
          error={errors.contact_phone?.message}
          type="tel"
          autoComplete="off"
          registration={register("contact_phone", { setValueAs: emptyToNull })}
        />
        <TextField
          id={id("email")}
          label={t("contactEmail")}
          error={errors.contact_email?.message}
          type="email"
          autoComplete="off"
          registration={register("contact_email", { setValueAs: emptyToNull })}
        />
        <FormActions submitLabel={t("submit")} isBusy={isSubmitting} />
      </form>
      <CompanyLogoPicker company={company} />
    </>
  );
}
