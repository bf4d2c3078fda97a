"use client";

import { useTranslations } from "next-intl";
import { get, useFormContext, type FieldError } from "react-hook-form";
import type { z } from "zod";
import { LIFECYCLE_DAY_RANGES, LIFECYCLE_DEFAULTS, type CreateVersionInput } from "@/lib/catalog/schemas";
import { emptyToUndefined } from "@/components/ui/api-client";
import { CheckboxField } from "@/components/ui/field";
import { SelectField, TextField } from "@/components/ui/form-fields";
import { CURRENCIES } from "./types";

export type VersionFormInput = z.input<typeof CreateVersionInput>;

/**
 * What a new version starts with: prices to fill in, the usual limits, no waiting periods, and the
 * lifecycle terms at the API's defaults.
 */
export const NEW_VERSION: VersionFormInput = {
  version_label: undefined,
  cost_price: "",
  public_price: "",
  currency: "USD",
  max_entry_age: 70,
  max_renewal_age: 75,
  wtime_suicide: 0,
  wtime_accident: 0,
  wtime_preexisting: 0,
  ...LIFECYCLE_DEFAULTS,
  is_active: true,
};

type VersionTermsFieldsProps = {
  /** Where the version sits in the form's values: "" for a form of one version, "plans.0.versions.1." nested. */
  prefix: string;
  /** Makes the ids unique when several versions share the page. */
  idPrefix: string;
  /** A currency the API accepts beyond the usual three (configured), kept when a version already has it. */
  currentCurrency?: string;
  /** Offers the "Active" box; the version editor has its own activate button instead. */
  hasActiveField?: boolean;
};

/**
 * The terms of a version (prices, currency, ages, waiting periods, lifecycle terms), shared by the product form, the
 * add-a-plan form and the version editor. It reads the surrounding form through useFormContext, as its
 * place in the values differs from form to form; errors come from the same paths the API names.
 */
export function VersionTermsFields({
  prefix,
  idPrefix,
  currentCurrency,
  hasActiveField = false,
}: VersionTermsFieldsProps) {
  const t = useTranslations("catalog.terms");
  const {
    register,
    formState: { errors },
  } = useFormContext();
  const currencies =
    currentCurrency && !(CURRENCIES as readonly string[]).includes(currentCurrency)
      ? [...CURRENCIES, currentCurrency]
      : CURRENCIES;

  const idOf = (name: string) => `${idPrefix}-${name}`;
  const errorOf = (name: string) => (get(errors, `${prefix}${name}`) as FieldError | undefined)?.message;
  // Money stays text: the API reads the digits as written, without a binary float in between; the form's
  // resolver reads "1.250,50" and "1,250.50" alike (use-catalog-resolver.ts).
  function moneyField(name: string, label: string, hint: string) {
    return (
      <TextField
        id={idOf(name)}
        label={label}
        hint={hint}
        error={errorOf(name)}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        registration={register(`${prefix}${name}`)}
      />
    );
  }
  function wholeField(name: string, label: string, max: number, hint?: string, min = 0) {
    return (
      <TextField
        id={idOf(name)}
        label={label}
        hint={hint}
        error={errorOf(name)}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        registration={register(`${prefix}${name}`, { valueAsNumber: true })}
      />
    );
  }

  /** A lifecycle term in days, bounded as the API bounds it. */
  function dayField(name: keyof typeof LIFECYCLE_DAY_RANGES, label: string, hint: string) {
    const { min, max } = LIFECYCLE_DAY_RANGES[name];
    return wholeField(name, label, max, hint, min);
  }

  return (
    <div className="form-grid">
      <TextField
        id={idOf("version_label")}
        label={t("label")}
        error={errorOf("version_label")}
        autoComplete="off"
        placeholder={t("labelPlaceholder")}
        registration={register(`${prefix}version_label`, { setValueAs: emptyToUndefined })}
      />
      {moneyField("public_price", t("publicPrice"), t("publicPriceHint"))}
      {moneyField("cost_price", t("costPrice"), t("costPriceHint"))}
      <SelectField
        id={idOf("currency")}
        label={t("currency")}
        error={errorOf("currency")}
        registration={register(`${prefix}currency`)}
      >
        {currencies.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </SelectField>
      {wholeField("max_entry_age", t("maxEntryAge"), 130, t("maxEntryAgeHint"))}
      {wholeField("max_renewal_age", t("maxRenewalAge"), 130, t("maxRenewalAgeHint"))}
      {wholeField("wtime_suicide", t("waitSuicide"), 36_500)}
      {wholeField("wtime_accident", t("waitAccident"), 36_500)}
      {wholeField("wtime_preexisting", t("waitPreexisting"), 36_500)}
      {dayField("wtime_natural", t("waitNatural"), t("waitNaturalHint"))}
      {dayField("grace_period_days", t("gracePeriodDays"), t("gracePeriodDaysHint"))}
      {dayField("not_taken_up_days", t("notTakenUpDays"), t("notTakenUpDaysHint"))}
      {dayField("reinstatement_window_days", t("reinstatementWindowDays"), t("reinstatementWindowDaysHint"))}
      {dayField("cooling_off_days", t("coolingOffDays"), t("coolingOffDaysHint"))}
      {dayField("renewal_notice_days", t("renewalNoticeDays"), t("renewalNoticeDaysHint"))}
      <div>
        <CheckboxField id={idOf("is_renewable")} label={t("renewable")}>
          <input
            id={idOf("is_renewable")}
            type="checkbox"
            aria-describedby={idOf("is_renewable-hint")}
            {...register(`${prefix}is_renewable`)}
          />
        </CheckboxField>
        <span className="field-hint" id={idOf("is_renewable-hint")}>
          {t("renewableHint")}
        </span>
      </div>
      {hasActiveField ? (
        <CheckboxField id={`${idPrefix}-is_active`} label={t("active")}>
          <input id={`${idPrefix}-is_active`} type="checkbox" {...register(`${prefix}is_active`)} />
        </CheckboxField>
      ) : null}
    </div>
  );
}
