"use client";

import { useTranslations } from "next-intl";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useCountryNames } from "@/components/geography/country-names";
import { Field } from "@/components/ui/field";
import type { Country } from "./types";

const NO_COUNTRIES: Country[] = [];

type CountrySelectProps = {
  id: string;
  countries: Country[] | null;
  isLoading: boolean;
  registration: UseFormRegisterReturn;
  isInvalid?: boolean;
};

/**
 * A country chosen by name, sent as its ISO code. Without the list (no geography:read, or it failed
 * to load) the person can still type the two-letter code. Names are in the page's language, sorted so.
 */
export function CountrySelect({ id, countries, isLoading, registration, isInvalid }: CountrySelectProps) {
  const t = useTranslations("companies.countrySelect");
  const named = useCountryNames(countries ?? NO_COUNTRIES);
  if (isLoading && !countries) {
    return (
      <select id={id} disabled>
        <option>{t("loading")}</option>
      </select>
    );
  }
  if (!countries) {
    return <input id={id} maxLength={2} placeholder={t("placeholder")} aria-invalid={isInvalid} {...registration} />;
  }
  return (
    <select id={id} aria-invalid={isInvalid} {...registration}>
      <option value="">{t("none")}</option>
      {named.map((country) => (
        <option key={country.id} value={country.iso_code}>
          {country.name} ({country.iso_code})
        </option>
      ))}
    </select>
  );
}

/** A labelled CountrySelect with its error, invalid while it has one. */
export function CountryField({
  id,
  label,
  error,
  ...select
}: Omit<CountrySelectProps, "isInvalid"> & { label: string; error: string | undefined }) {
  return (
    <Field id={id} label={label} error={error}>
      <CountrySelect id={id} isInvalid={Boolean(error)} {...select} />
    </Field>
  );
}
