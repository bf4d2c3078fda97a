"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { get, useFieldArray, useFormContext, type FieldError, type UseFormRegisterReturn } from "react-hook-form";
import { emptyToUndefined } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { CheckboxField } from "@/components/ui/field";
import type { Country, Zone } from "./types";
import { useCatalogFormat } from "./use-catalog-format";
import { SelectField, TextField } from "@/components/ui/form-fields";

// The four lists of a version, each edited row by row and sent whole: the API replaces a list with the
// one it is given. Each reads the surrounding version form through useFormContext.

function useRowHelpers(list: string) {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext();
  const rows = useFieldArray({ control, name: list });
  const errorOf = (index: number, name?: string) => {
    const path = name ? `${list}.${index}.${name}` : `${list}.${index}`;
    const error = get(errors, path) as FieldError | undefined;
    // A row-level error (a country listed twice) has its message on the row itself.
    return typeof error?.message === "string" ? error.message : undefined;
  };
  // An error about the whole list (too many rows) sits on the list, or on its root for field arrays.
  const listErrors = get(errors, list) as (FieldError & { root?: FieldError }) | undefined;
  const listError = typeof listErrors?.message === "string" ? listErrors.message : listErrors?.root?.message;
  return { rows, register, errorOf, listError };
}

type RuleRowProps = {
  legend: string;
  rowError?: string;
  /** Rows whose first control is a long select (a country, a zone) give it a line of its own on a phone. */
  hasWideChoice?: boolean;
  onRemove: () => void;
  children: ReactNode;
};

function RuleRow({ legend, rowError, hasWideChoice = false, onRemove, children }: RuleRowProps) {
  const t = useTranslations("catalog.rules");
  return (
    <fieldset className={hasWideChoice ? "rule-row rule-row-wide-choice" : "rule-row"}>
      <legend className="visually-hidden">{legend}</legend>
      <div className="rule-fields">{children}</div>
      <Button
        variant="danger"
        className="rule-remove"
        onClick={onRemove}
        aria-label={t("removeLabel", { row: legend.toLowerCase() })}
      >
        {t("remove")}
      </Button>
      {rowError ? (
        <p className="field-error rule-error" role="alert">
          {rowError}
        </p>
      ) : null}
    </fieldset>
  );
}

function ListSection({
  title,
  description,
  empty,
  count,
  addLabel,
  onAdd,
  listError,
  children,
}: {
  title: string;
  description: string;
  empty: string;
  count: number;
  addLabel: string;
  onAdd: () => void;
  listError?: string;
  children: ReactNode;
}) {
  return (
    <section className="rule-section" aria-label={title}>
      <h3>{title}</h3>
      <p className="muted">{description}</p>
      {count === 0 ? <p className="muted rule-empty">{empty}</p> : children}
      {listError ? (
        <p className="field-error" role="alert">
          {listError}
        </p>
      ) : null}
      <div className="form-actions">
        <Button variant="secondary" onClick={onAdd}>
          {addLabel}
        </Button>
      </div>
    </section>
  );
}

/**
 * A rule's country or zone: chosen from the list, or typed (code or id) when the list is not loaded.
 */
function ChoiceField({
  choices,
  emptyLabel,
  maxLength,
  placeholder,
  ...frame
}: {
  id: string;
  label: string;
  error?: string;
  registration: UseFormRegisterReturn;
  choices: Array<{ value: string; label: string }> | undefined;
  emptyLabel: string;
  maxLength?: number;
  placeholder: string;
}) {
  if (!choices) return <TextField {...frame} maxLength={maxLength} placeholder={placeholder} />;
  return (
    <SelectField {...frame}>
      <option value="">{emptyLabel}</option>
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </SelectField>
  );
}

export function CountryRulesFields({ countries }: { countries: Country[] | null }) {
  const t = useTranslations("catalog.rules");
  const f = useCatalogFormat();
  const { rows, register, errorOf, listError } = useRowHelpers("countries");
  const choices = countries ? f.countryChoices(countries) : undefined;
  return (
    <ListSection
      title={t("countries.title")}
      description={t("countries.description")}
      empty={t("countries.empty")}
      count={rows.fields.length}
      addLabel={t("countries.add")}
      onAdd={() => rows.append({ country_code: "", is_available: true, price: undefined })}
      listError={listError}
    >
      {rows.fields.map((row, index) => {
        const id = (name: string) => `country-${index}-${name}`;
        return (
          <RuleRow
            key={row.id}
            legend={t("countries.legend", { number: index + 1 })}
            rowError={errorOf(index)}
            hasWideChoice
            onRemove={() => rows.remove(index)}
          >
            <ChoiceField
              id={id("code")}
              label={t("countries.country")}
              error={errorOf(index, "country_code")}
              registration={register(`countries.${index}.country_code`)}
              emptyLabel={t("countries.choose")}
              choices={choices}
              maxLength={2}
              placeholder={t("countries.codePlaceholder")}
            />
            <TextField
              id={id("price")}
              label={t("countries.price")}
              error={errorOf(index, "price")}
              inputMode="decimal"
              autoComplete="off"
              registration={register(`countries.${index}.price`, { setValueAs: emptyToUndefined })}
            />
            <CheckboxField id={id("available")} label={t("available")}>
              <input id={id("available")} type="checkbox" {...register(`countries.${index}.is_available`)} />
            </CheckboxField>
          </RuleRow>
        );
      })}
    </ListSection>
  );
}

export function ZoneRulesFields({ zones }: { zones: Zone[] | null }) {
  const t = useTranslations("catalog.rules");
  const { rows, register, errorOf, listError } = useRowHelpers("zones");
  return (
    <ListSection
      title={t("zones.title")}
      description={t("zones.description")}
      empty={t("zones.empty")}
      count={rows.fields.length}
      addLabel={t("zones.add")}
      onAdd={() => rows.append({ zone_id: "", is_available: true })}
      listError={listError}
    >
      {rows.fields.map((row, index) => {
        const id = (name: string) => `zone-${index}-${name}`;
        return (
          <RuleRow
            key={row.id}
            legend={t("zones.legend", { number: index + 1 })}
            rowError={errorOf(index)}
            hasWideChoice
            onRemove={() => rows.remove(index)}
          >
            <ChoiceField
              id={id("zone")}
              label={t("zones.zone")}
              error={errorOf(index, "zone_id")}
              registration={register(`zones.${index}.zone_id`)}
              emptyLabel={t("zones.choose")}
              choices={zones?.map((zone) => ({
                value: zone.id,
                label: t("zones.choice", { name: zone.name, count: zone.countries.length }),
              }))}
              placeholder={t("zones.idPlaceholder")}
            />
            <CheckboxField id={id("available")} label={t("available")}>
              <input id={id("available")} type="checkbox" {...register(`zones.${index}.is_available`)} />
            </CheckboxField>
          </RuleRow>
        );
      })}
    </ListSection>
  );
}

export function SurchargeBandsFields() {
  const t = useTranslations("catalog.rules");
  const { rows, register, errorOf, listError } = useRowHelpers("age_surcharges");
  return (
    <ListSection
      title={t("bands.title")}
      description={t("bands.description")}
      empty={t("bands.empty")}
      count={rows.fields.length}
      addLabel={t("bands.add")}
      onAdd={() => rows.append({ min_age: Number.NaN, max_age: Number.NaN, percentage: "" })}
      listError={listError}
    >
      {rows.fields.map((row, index) => {
        const id = (name: string) => `band-${index}-${name}`;
        const age = (name: "min_age" | "max_age", label: string) => (
          <TextField
            id={id(name)}
            label={label}
            error={errorOf(index, name)}
            type="number"
            inputMode="numeric"
            min={0}
            max={130}
            step={1}
            registration={register(`age_surcharges.${index}.${name}`, { valueAsNumber: true })}
          />
        );
        return (
          <RuleRow
            key={row.id}
            legend={t("bands.legend", { number: index + 1 })}
            rowError={errorOf(index)}
            onRemove={() => rows.remove(index)}
          >
            {age("min_age", t("bands.from"))}
            {age("max_age", t("bands.to"))}
            <TextField
              id={id("percentage")}
              label={t("bands.percentage")}
              error={errorOf(index, "percentage")}
              inputMode="decimal"
              autoComplete="off"
              registration={register(`age_surcharges.${index}.percentage`)}
            />
          </RuleRow>
        );
      })}
    </ListSection>
  );
}

export function CoveragesFields() {
  const t = useTranslations("catalog.rules");
  const { rows, register, errorOf, listError } = useRowHelpers("coverages");
  return (
    <ListSection
      title={t("coverages.title")}
      description={t("coverages.description")}
      empty={t("coverages.empty")}
      count={rows.fields.length}
      addLabel={t("coverages.add")}
      onAdd={() => rows.append({ name: "", description: undefined, limit_amount: undefined })}
      listError={listError}
    >
      {rows.fields.map((row, index) => {
        const id = (name: string) => `coverage-${index}-${name}`;
        return (
          <RuleRow
            key={row.id}
            legend={t("coverages.legend", { number: index + 1 })}
            rowError={errorOf(index)}
            onRemove={() => rows.remove(index)}
          >
            <TextField
              id={id("name")}
              label={t("coverages.name")}
              error={errorOf(index, "name")}
              autoComplete="off"
              registration={register(`coverages.${index}.name`)}
            />
            <TextField
              id={id("description")}
              label={t("coverages.details")}
              error={errorOf(index, "description")}
              autoComplete="off"
              registration={register(`coverages.${index}.description`, { setValueAs: emptyToUndefined })}
            />
            <TextField
              id={id("limit")}
              label={t("coverages.limit")}
              error={errorOf(index, "limit_amount")}
              inputMode="decimal"
              autoComplete="off"
              registration={register(`coverages.${index}.limit_amount`, { setValueAs: emptyToUndefined })}
            />
          </RuleRow>
        );
      })}
    </ListSection>
  );
}
