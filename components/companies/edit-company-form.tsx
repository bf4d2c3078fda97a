"use client";

import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { UpdateCompanyInput } from "@/lib/operations/schemas";
import { apiFetch, emptyToNull } from "@/components/ui/api-client";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { ErrorSummary } from "@/components/ui/error-summary";
import { FormActions, TextField } from "@/components/ui/form-fields";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useZodResolver } from "@/components/ui/use-zod-resolver";
import { CompanyFields, typedCommissionRate } from "./company-fields";
import { CompanyLogoPicker } from "./company-logo-picker";
import type { Company, Country } from "./types";

/** The API's schema (its "some change" rule kept), with the commission rate as a person types it. */
const EditCompanyFormInput = UpdateCompanyInput.safeExtend({ commission_rate: typedCommissionRate().optional() });
type FormInput = z.input<typeof EditCompanyFormInput>;
type FormOutput = z.output<typeof EditCompanyFormInput>;

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

/** The form's values for a company as the API answers it. */
function formValuesOf(company: Company): FormInput {
  return {
    name: company.name,
    tax_id: company.tax_id,
    country_code: company.country_code,
    is_reseller: company.is_reseller,
    commission_rate: company.commission_rate,
    address: company.address,
    registration_number: company.registration_number,
    contact_phone: company.contact_phone,
    contact_email: company.contact_email,
  };
}

type EditCompanyFormProps = { company: Company; countries: Country[] | null; isLoadingCountries: boolean };

/**
 * Edit a company after its creation (PATCH /organizations/companies/{id}): every field it was created
 * with but the processor account, which the reseller's onboarding sets, and the profile its certificates
 * print (address, registration number, contact), with the logo picker below.
 */
export function EditCompanyForm({ company, countries, isLoadingCountries }: EditCompanyFormProps) {
  const t = useTranslations("companies.edit");
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: useZodResolver(EditCompanyFormInput),
    defaultValues: formValuesOf(company),
  });
  const { error, success, submit } = useApiSubmit(setFieldError, FIELDS, { invalidates: [COMPANIES] });
  const id = (field: string) => `company-${company.id}-${field}`;

  async function onSubmit(values: FormOutput) {
    await submit(async () => {
      const updated = await apiFetch<Company>(`${COMPANIES}/${company.id}`, { method: "PATCH", body: values });
      // The form starts again from what was saved (the rate as the service rounded it).
      reset(formValuesOf(updated));
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
        <ErrorSummary control={control} />
        <ErrorBanner message={error} />
        <SuccessBanner message={success} />
        <CompanyFields
          idPrefix={`company-${company.id}`}
          registrations={{
            name: register("name"),
            tax_id: register("tax_id", { setValueAs: emptyToNull }),
            country_code: register("country_code", { setValueAs: emptyToNull }),
            commission_rate: register("commission_rate"),
            is_reseller: register("is_reseller"),
          }}
          errors={errors}
          countries={countries}
          isLoadingCountries={isLoadingCountries}
        />
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
