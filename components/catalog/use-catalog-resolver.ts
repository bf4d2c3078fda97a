"use client";

import { toNestErrors } from "@hookform/resolvers";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { get, type FieldError, type FieldErrors, type FieldValues, type Resolver } from "react-hook-form";
import type { z } from "zod";
import { useZodResolver } from "@/components/ui/use-zod-resolver";
import { parseAmount } from "@/lib/i18n/format";
import type { Messages } from "@/messages";

/** The catalog's amounts typed by a person; the optional ones are sent as "not given" when left empty. */
const AMOUNTS = new Set(["public_price", "cost_price", "price", "limit_amount", "percentage"]);
const OPTIONAL_AMOUNTS = new Set(["price", "limit_amount"]);
/** The ranges of the shared schema (DecimalInput): prices, and a band's percentage. */
const PRICE_RANGE = { min: "0", max: "9999999999.99" };
const PERCENTAGE_RANGE = { min: "0", max: "1000" };

type Values = Record<string, unknown>;
/** The catalog namespace's translator (its `errors.*` keys are what this file uses). */
type Translate = (
  key: `errors.${keyof Messages["catalog"]["errors"]}`,
  values?: Record<string, string | number>,
) => string;

/**
 * useZodResolver for the catalog's forms, with two additions: amounts are read as a person types them
 * as a person types them ("1,250.50", "1.250,50", "1250.50"; lib/i18n/format.ts parseAmount) before the shared schema checks
 * them, and the schema's own rules (a band that overlaps another, a country listed twice, a price out of
 * range) get the page's words for them, naming the values concerned.
 */
export function useCatalogResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  const base = useZodResolver(schema);
  const tv = useTranslations("validation");
  const t = useTranslations("catalog");
  return useMemo(() => withCatalogRules(base, (code) => tv(code), t), [base, tv, t]);
}

/** The resolver of useCatalogResolver around any resolver of the values (exported for its tests). */
export function withCatalogRules<Input extends FieldValues, Output>(
  base: Resolver<Input, unknown, Output>,
  validationMessage: (code: "required" | "invalid_amount") => string,
  t: Translate,
): Resolver<Input, unknown, Output> {
  return async (values, context, options) => {
    const amountErrors: Record<string, FieldError> = {};
    const read = readAmounts(values, "", (path, code) => {
      amountErrors[path] = { type: code, message: validationMessage(code) };
    }) as Input;
    const result = await base(read, context, options);
    reword(result.errors as Values, [], read as Values, t);
    if (Object.keys(amountErrors).length === 0) return result;
    const errors = merge(result.errors as Values, toNestErrors(amountErrors, options) as Values);
    return { values: {}, errors: errors as FieldErrors<Input> };
  };
}

/**
 * A copy of the values with every amount as a plain decimal; an amount that is missing or unreadable is
 * reported and replaced by "0", so that the schema does not report it a second time in its own words.
 */
function readAmounts(
  value: unknown,
  path: string,
  report: (path: string, code: "required" | "invalid_amount") => void,
): unknown {
  if (Array.isArray(value)) return value.map((item, index) => readAmounts(item, `${path}${index}.`, report));
  if (value === null || typeof value !== "object") return value;
  const copy: Values = {};
  for (const [key, item] of Object.entries(value as Values)) {
    if (!AMOUNTS.has(key) || typeof item !== "string") {
      copy[key] = readAmounts(item, `${path}${key}.`, report);
      continue;
    }
    if (item.trim() === "") {
      if (OPTIONAL_AMOUNTS.has(key)) copy[key] = undefined;
      else {
        report(`${path}${key}`, "required");
        copy[key] = "0";
      }
      continue;
    }
    const amount = parseAmount(item);
    if (amount === null) report(`${path}${key}`, "invalid_amount");
    copy[key] = amount ?? "0";
  }
  return copy;
}

function isLeaf(value: unknown): value is FieldError {
  return value !== null && typeof value === "object" && !Array.isArray(value) && "type" in value && "message" in value;
}

/** The codes of the shared schema's own rules (lib/catalog/schemas.ts, lib/schemas.ts DecimalInput). */
const REWORDED = new Set([
  "invalid",
  "invalid_format",
  "out_of_range",
  "overlapping_band",
  "min_above_max",
  "renewal_age_below_entry_age",
  "duplicate",
  "not_whole_amount",
]);

/** The schema's refinements in the page's words, naming the values concerned. */
function reword(errors: Values, path: string[], values: Values, t: Translate) {
  for (const [key, error] of Object.entries(errors)) {
    if (error === undefined || error === null || typeof error !== "object") continue;
    const at = [...path, key];
    if (!isLeaf(error)) {
      reword(error as Values, at, values, t);
      continue;
    }
    if (!REWORDED.has(String(error.type))) continue;
    const message = messageOf(at, values, t);
    if (message) error.message = message;
  }
}

function messageOf(path: string[], values: Values, t: Translate): string | undefined {
  const name = path.at(-1) ?? "";
  const parent = path.slice(0, -1);
  const list = path.at(-3);
  const owner = (depth: number) =>
    path.length > depth ? (get(values, path.slice(0, -depth).join(".")) as Values) : values;
  if (list === "age_surcharges" && name === "min_age") {
    const bands = (get(values, parent.slice(0, -1).join(".")) ?? []) as Array<{ min_age: number; max_age: number }>;
    const index = Number(path.at(-2));
    const other = overlapped(bands, index);
    if (other)
      return t("errors.bandOverlap", {
        min: bands[index].min_age,
        max: bands[index].max_age,
        otherMin: other.min_age,
        otherMax: other.max_age,
      });
  }
  if (list === "age_surcharges" && name === "max_age") return t("errors.bandOrder");
  if (name === "max_renewal_age") return t("errors.renewalBelowEntry");
  if (path.at(-2) === "countries" && /^\d+$/.test(name)) {
    const rule = get(values, path.join(".")) as { country_code?: string } | undefined;
    return t("errors.countryTwice", { country: rule?.country_code ?? "" });
  }
  if (path.at(-2) === "zones" && /^\d+$/.test(name)) return t("errors.zoneTwice");
  if (AMOUNTS.has(name)) {
    const range = name === "percentage" ? PERCENTAGE_RANGE : PRICE_RANGE;
    const amount = Number(get(values, path.join(".")));
    // A configured currency without decimals (CLP) takes whole amounts only.
    const version = owner(name === "price" ? 3 : 1);
    const currency = typeof version?.currency === "string" ? version.currency : "";
    if (name !== "percentage" && amount >= Number(range.min) && amount <= Number(range.max) && currency)
      return t("errors.wholeAmount", { currency });
    return t("errors.amountRange", range);
  }
  return undefined;
}

/** The band that the band at `index` overlaps, as the shared schema finds it (sorted by their first age). */
function overlapped<T extends { min_age: number; max_age: number }>(bands: T[], index: number): T | undefined {
  const sorted = bands.map((band, at) => ({ band, at })).sort((a, b) => a.band.min_age - b.band.min_age);
  const position = sorted.findIndex((entry) => entry.at === index);
  const previous = position > 0 ? sorted[position - 1] : undefined;
  return previous && bands[index].min_age <= previous.band.max_age ? previous.band : undefined;
}

/** Both error trees in one; `extra`'s messages win where both name a field. */
function merge(errors: Values, extra: Values): Values {
  const out: Values = Array.isArray(errors) ? ([...errors] as unknown as Values) : { ...errors };
  for (const [key, value] of Object.entries(extra)) {
    const current = out[key];
    out[key] =
      isLeaf(value) || current === undefined || current === null || typeof current !== "object" || isLeaf(current)
        ? value
        : merge(current as Values, value as Values);
  }
  return out;
}
