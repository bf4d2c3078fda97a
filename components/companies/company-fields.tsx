"use client";

import { useTranslations } from "next-intl";
import type { UseFormRegisterReturn } from "react-hook-form";
import { CheckboxField } from "@/components/ui/field";
import { TextField } from "@/components/ui/form-fields";
import { typedAmount } from "@/lib/i18n/typed-amount";
import { CountryField } from "./country-select";
import type { Country } from "./types";

/**
 * The commission rate as a person types it ("12,5" or "12.5"), a percentage from 0 to 100, sent as the
 * two-decimal string the API's DecimalInput takes ("12.50").
 */
export const typedCommissionRate = () => typedAmount({ min: 0, max: 100 });

type CompanyField = "name" | "tax_id" | "country_code" | "commission_rate" | "is_reseller";

type CompanyFieldsProps = {
  /** The start of each control's id: several forms share the page. */
  idPrefix: string;
  registrations: Record<CompanyField, UseFormRegisterReturn>;
  /** The form's `formState.errors`. */
  errors: Partial<Record<CompanyField, { message?: string }>>;
  countries: Country[] | null;
  isLoadingCountries: boolean;
};

/** The fields a company is created with and edited by, registered by the form that holds them. */
export function CompanyFields({ idPrefix, registrations, errors, countries, isLoadingCountries }: CompanyFieldsProps) {
  const t = useTranslations("companies.create");
  const id = (field: string) => `${idPrefix}-${field}`;
  return (
    <>
      <TextField
        id={id("name")}
        label={t("name")}
        error={errors.name?.message}
        autoComplete="off"
        registration={registrations.name}
      />
      <TextField
        id={id("tax-id")}
        label={t("taxId")}
        error={errors.tax_id?.message}
        autoComplete="off"
        registration={registrations.tax_id}
      />
      <CountryField
        id={id("country")}
        label={t("country")}
        error={errors.country_code?.message}
        countries={countries}
        isLoading={isLoadingCountries}
        registration={registrations.country_code}
      />
      <TextField
        id={id("commission")}
        label={t("commission")}
        hint={t("commissionHint")}
        error={errors.commission_rate?.message}
        inputMode="decimal"
        autoComplete="off"
        registration={registrations.commission_rate}
      />
      <CheckboxField id={id("reseller")} label={t("reseller")}>
        <input id={id("reseller")} type="checkbox" {...registrations.is_reseller} />
      </CheckboxField>
    </>
  );
}
