"use client";

import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { CountryCode } from "@/lib/schemas";
import { apiFetch } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { InlineError } from "@/components/ui/error-banner";
import { ErrorSummary } from "@/components/ui/error-summary";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useZodResolver } from "@/components/ui/use-zod-resolver";
import { useCountryNames } from "./country-names";
import type { Country, Zone } from "./types";

// The API takes the country in the path, so the form's shape is its own.
const LinkCountryForm = z.object({ country: CountryCode });
type LinkCountryForm = z.infer<typeof LinkCountryForm>;
const LINK_FIELDS = ["country"] as const;

export function LinkCountryToZoneForm({
  zone,
  countries,
  onLinked,
}: {
  zone: Zone;
  countries: Country[];
  onLinked?: () => void;
}) {
  const t = useTranslations("geography.link");
  const named = useCountryNames(countries);
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<LinkCountryForm>({ resolver: useZodResolver(LinkCountryForm), defaultValues: { country: "" } });
  const { error, submit } = useApiSubmit(setFieldError, LINK_FIELDS, { invalidates: ["/api/v1/geography/zones"] });
  const linked = new Set(zone.countries.map((country) => country.iso_code));
  const selectId = `zone-${zone.id}-country`;

  async function onSubmit({ country }: LinkCountryForm) {
    await submit(async () => {
      await apiFetch<Zone>(`/api/v1/geography/zones/${zone.id}/countries/${country}`, { method: "POST" });
      reset({ country: "" });
      onLinked?.();
    });
  }

  return (
    <>
      {/* Above the inline row, across the card: the row keeps to the select and its button. */}
      <ErrorSummary control={control} />
      <form className="inline-form" onSubmit={handleSubmit(onSubmit)} noValidate>
        <label htmlFor={selectId} className="visually-hidden">
          {t("label", { zone: zone.name })}
        </label>
        <select id={selectId} aria-invalid={Boolean(errors.country)} {...register("country")}>
          <option value="">{t("choose")}</option>
          {named.map((country) => (
            <option key={country.id} value={country.iso_code} disabled={linked.has(country.iso_code)}>
              {country.name} ({country.iso_code})
            </option>
          ))}
        </select>
        <Button type="submit" variant="secondary" isBusy={isSubmitting}>
          {t("submit")}
        </Button>
        <InlineError message={errors.country?.message ?? error} />
      </form>
    </>
  );
}
