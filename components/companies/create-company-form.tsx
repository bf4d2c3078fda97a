"use client";

import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { CreateCompanyInput } from "@/lib/operations/schemas";
import { CountryCode } from "@/lib/schemas";
import { apiFetch, emptyToUndefined } from "@/components/ui/api-client";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { ErrorSummary } from "@/components/ui/error-summary";
import { FormActions } from "@/components/ui/form-fields";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useZodResolver } from "@/components/ui/use-zod-resolver";
import { CompanyFields, typedCommissionRate } from "./company-fields";
import type { Company, Country } from "./types";

/**
 * The API's schema, with the commission rate as a person types it (left empty it is the API's 0.00), and
 * "No country" as no country: the select can keep its default "" where setValueAs never ran on it (it is
 * drawn again once the countries load).
 */
const CreateCompanyFormInput = CreateCompanyInput.extend({
  country_code: CountryCode.optional().or(z.literal("").transform(() => undefined)),
  commission_rate: typedCommissionRate().default("0.00"),
});
type FormInput = z.input<typeof CreateCompanyFormInput>;
type FormOutput = z.output<typeof CreateCompanyFormInput>;

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
    control,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: useZodResolver(CreateCompanyFormInput),
    defaultValues: EMPTY,
  });
  const { error, success, submit } = useApiSubmit(setFieldError, FIELDS, { invalidates: [COMPANIES] });

  async function onSubmit(values: FormOutput) {
    await submit(async () => {
      const company = await apiFetch<Company>(COMPANIES, { method: "POST", body: values });
      reset(EMPTY);
      onCreated?.(company);
      return t("created", { name: company.name });
    });
  }

  return (
    <form className="form form-grid" onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t("title")}>
      <ErrorSummary control={control} />
      <ErrorBanner message={error} />
      <SuccessBanner message={success} />
      <CompanyFields
        idPrefix="company"
        registrations={{
          name: register("name"),
          tax_id: register("tax_id", { setValueAs: emptyToUndefined }),
          country_code: register("country_code", { setValueAs: emptyToUndefined }),
          commission_rate: register("commission_rate", { setValueAs: emptyToUndefined }),
          is_reseller: register("is_reseller"),
        }}
        errors={errors}
        countries={countries}
        isLoadingCountries={isLoadingCountries}
      />
      <FormActions submitLabel={t("submit")} isBusy={isSubmitting} />
    </form>
  );
}
