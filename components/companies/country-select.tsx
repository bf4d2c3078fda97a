"use client";

import type { UseFormRegisterReturn } from "react-hook-form";
import type { Country } from "./types";

type CountrySelectProps = {
  id: string;
  countries: Country[] | null;
  isLoading: boolean;
  registration: UseFormRegisterReturn;
  isInvalid?: boolean;
};

/**
 * A country chosen by name, sent as its ISO code. Without the list (no geography:read, or it failed
 * to load) the person can still type the two-letter code.
 */
export function CountrySelect({ id, countries, isLoading, registration, isInvalid }: CountrySelectProps) {
  if (isLoading && !countries) {
    return (
      <select id={id} disabled>
        <option>Loading countries…</option>
      </select>
    );
  }
  if (!countries) {
    return <input id={id} maxLength={2} placeholder="ISO code, e.g. MX" aria-invalid={isInvalid} {...registration} />;
  }
  return (
    <select id={id} aria-invalid={isInvalid} {...registration}>
      <option value="">No country</option>
      {countries.map((country) => (
        <option key={country.id} value={country.iso_code}>
          {country.name} ({country.iso_code})
        </option>
      ))}
    </select>
  );
}
