"use client";

import type { ReactNode } from "react";
import { get, useFormContext, type FieldError } from "react-hook-form";
import type { z } from "zod";
import type { CreateVersionInput } from "@/lib/catalog/schemas";
import { emptyToUndefined } from "@/components/ui/api-client";
import { CheckboxField, Field } from "@/components/ui/field";
import { CURRENCIES } from "./types";

export type VersionFormInput = z.input<typeof CreateVersionInput>;

/** What a new version starts with: prices to fill in, the usual limits, no waiting periods. */
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
 * The terms of a version (prices, currency, ages, waiting periods), shared by the product form, the
 * add-a-plan form and the version editor. It reads the surrounding form through useFormContext, as its
 * place in the values differs from form to form; errors come from the same paths the API names.
 */
export function VersionTermsFields({
  prefix,
  idPrefix,
  currentCurrency,
  hasActiveField = false,
}: VersionTermsFieldsProps) {
  const {
    register,
    formState: { errors },
  } = useFormContext();
  const currencies =
    currentCurrency && !(CURRENCIES as readonly string[]).includes(currentCurrency)
      ? [...CURRENCIES, currentCurrency]
      : CURRENCIES;

  function field(name: string, label: string, control: (id: string, isInvalid: boolean) => ReactNode, hint?: string) {
    const id = `${idPrefix}-${name}`;
    const message = (get(errors, `${prefix}${name}`) as FieldError | undefined)?.message;
    return (
      <Field id={id} label={label} hint={hint} error={message}>
        {control(id, Boolean(message))}
      </Field>
    );
  }
  // Money stays text: the API reads the digits as written, without a binary float in between.
  function moneyInput(name: string, id: string, isInvalid: boolean) {
    return (
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        aria-invalid={isInvalid}
        {...register(`${prefix}${name}`)}
      />
    );
  }
  function wholeInput(name: string, max: number, id: string, isInvalid: boolean) {
    return (
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        max={max}
        step={1}
        aria-invalid={isInvalid}
        {...register(`${prefix}${name}`, { valueAsNumber: true })}
      />
    );
  }

  return (
    <div className="form-grid">
      {field("version_label", "Version label (optional)", (id, isInvalid) => (
        <input
          id={id}
          autoComplete="off"
          placeholder="e.g. 2026"
          aria-invalid={isInvalid}
          {...register(`${prefix}version_label`, { setValueAs: emptyToUndefined })}
        />
      ))}
      {field(
        "public_price",
        "Public price",
        (id, isInvalid) => moneyInput("public_price", id, isInvalid),
        "the base sale price per person",
      )}
      {field(
        "cost_price",
        "Cost price",
        (id, isInvalid) => moneyInput("cost_price", id, isInvalid),
        "internal; sellers do not see it",
      )}
      {field("currency", "Currency", (id, isInvalid) => (
        <select id={id} aria-invalid={isInvalid} {...register(`${prefix}currency`)}>
          {currencies.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      ))}
      {field(
        "max_entry_age",
        "Maximum entry age",
        (id, isInvalid) => wholeInput("max_entry_age", 130, id, isInvalid),
        "oldest age at which a person can be covered",
      )}
      {field(
        "max_renewal_age",
        "Maximum renewal age",
        (id, isInvalid) => wholeInput("max_renewal_age", 130, id, isInvalid),
        "not below the entry age",
      )}
      {field("wtime_suicide", "Waiting period, suicide (days)", (id, isInvalid) =>
        wholeInput("wtime_suicide", 36_500, id, isInvalid),
      )}
      {field("wtime_accident", "Waiting period, accident (days)", (id, isInvalid) =>
        wholeInput("wtime_accident", 36_500, id, isInvalid),
      )}
      {field("wtime_preexisting", "Waiting period, pre-existing (days)", (id, isInvalid) =>
        wholeInput("wtime_preexisting", 36_500, id, isInvalid),
      )}
      {hasActiveField ? (
        <CheckboxField id={`${idPrefix}-is_active`} label="Active (can be quoted and sold)">
          <input id={`${idPrefix}-is_active`} type="checkbox" {...register(`${prefix}is_active`)} />
        </CheckboxField>
      ) : null}
    </div>
  );
}
