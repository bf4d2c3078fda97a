"use client";

import { useTranslations } from "next-intl";
import { get, useFormContext, type FieldError } from "react-hook-form";
import type { Country } from "@/components/catalog/types";
import { CountrySelect } from "@/components/companies/country-select";
import { emptyToUndefined } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { PerMonth } from "@/components/ui/premium";
import { useFormat } from "@/components/ui/use-format";
import { KINSHIP_TYPES } from "@/lib/emission/schemas";
import type { PriceState } from "./use-beneficiary-prices";
import { TextField, SelectField } from "@/components/ui/form-fields";

type BeneficiaryRowProps = {
  index: number;
  countries: Country[] | null;
  isLoadingCountries: boolean;
  price: PriceState;
  canRemove: boolean;
  onRemove: () => void;
};

/**
 * One person to cover: the fields, and beside them the price as the API quotes it or, on the same row,
 * why this person cannot be covered (an age above the limit, a country where the plan is not sold).
 */
export function BeneficiaryRow({
  index,
  countries,
  isLoadingCountries,
  price,
  canRemove,
  onRemove,
}: BeneficiaryRowProps) {
  const t = useTranslations("policies.beneficiary");
  const tc = useTranslations("codes");
  const f = useFormat();
  const {
    register,
    formState: { errors },
  } = useFormContext();
  const name = (field: string) => `beneficiaries.${index}.${field}`;
  // Errors come from the form's schema or, after a submit, from the 422 paths (beneficiaries.2.date_of_birth).
  const errorOf = (field: string) => (get(errors, name(field)) as FieldError | undefined)?.message;
  // By position, not by the field array's random id, so the server's HTML and the browser's agree.
  const id = (field: string) => `beneficiary-${index}-${field}`;
  const number = index + 1;

  return (
    <fieldset className="beneficiary">
      <legend>{t("legend", { number })}</legend>
      <div className="rule-fields">
        <TextField
          id={id("first-name")}
          label={t("firstName")}
          error={errorOf("first_name")}
          autoComplete="off"
          registration={register(name("first_name"))}
        />
        <TextField
          id={id("last-name")}
          label={t("lastName")}
          error={errorOf("last_name")}
          autoComplete="off"
          registration={register(name("last_name"))}
        />
        <SelectField
          id={id("kinship")}
          label={t("kinship")}
          error={errorOf("kinship_type")}
          registration={register(name("kinship_type"))}
        >
          {KINSHIP_TYPES.map((kinship) => (
            <option key={kinship} value={kinship}>
              {tc(`kinship.${kinship}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          id={id("birth")}
          label={t("birth")}
          error={errorOf("date_of_birth")}
          type="date"
          registration={register(name("date_of_birth"))}
        />
        <Field
          id={id("country")}
          label={t("ownCountry")}
          hint={t("ownCountryHint")}
          error={errorOf("country_of_residence")}
        >
          <CountrySelect
            id={id("country")}
            countries={countries}
            isLoading={isLoadingCountries}
            registration={register(name("country_of_residence"), { setValueAs: emptyToUndefined })}
            isInvalid={Boolean(errorOf("country_of_residence"))}
          />
        </Field>
      </div>
      <div className="beneficiary-side">
        <div className="beneficiary-price" aria-live="polite">
          {price.kind === "priced" ? (
            <>
              <span className="beneficiary-premium">
                <PerMonth>
                  <output aria-label={t("priceLabel", { number })}>
                    {f.money(price.quote.final_price, price.quote.currency)}
                  </output>
                </PerMonth>
              </span>
              <span className="muted">{t("pricedAt", { age: price.age, country: f.country(price.country) })}</span>
            </>
          ) : price.kind === "refused" ? (
            <p className="field-error" role="alert" aria-label={t("problemLabel", { number })}>
              {price.message}
            </p>
          ) : (
            <p className="muted">
              {price.kind === "pending"
                ? t("calculating")
                : t(`incomplete.${price.reason}`, { date: price.startDate ? f.date(price.startDate) : "" })}
            </p>
          )}
        </div>
        {canRemove ? (
          <Button variant="danger" onClick={onRemove} aria-label={t("removeLabel", { number })}>
            {t("remove")}
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
}
