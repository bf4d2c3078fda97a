"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { z } from "zod";
import type { Country } from "@/components/catalog/types";
import { useCountryNames } from "@/components/geography/country-names";
import { apiFetch, useApiData } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { ErrorSummary } from "@/components/ui/error-summary";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-fields";
import { Panel } from "@/components/ui/panel";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useZodResolver } from "@/components/ui/use-zod-resolver";
import { RequirementItem } from "@/lib/claims/schemas";
import "./claims.css";
import type { RequirementListResponse } from "./types";

const ListForm = z.object({ items: z.array(RequirementItem).max(50) });
type FormInput = z.input<typeof ListForm>;
type FormOutput = z.output<typeof ListForm>;

const NO_COUNTRIES: Country[] = [];

/**
 * The company's checklist (claims:manage): the base list every claim gets, or the extra items of a
 * destination country (GET and PUT /claims/requirements). Claims already open keep their checklist.
 */
export function RequirementsSettings() {
  const t = useTranslations("claims.settings");
  const [country, setCountry] = useState("");
  const countries = useApiData<Country[]>("/api/v1/geography/countries");
  const named = useCountryNames(countries.data ?? NO_COUNTRIES);
  const url = `/api/v1/claims/requirements${country ? `?country=${country}` : ""}`;
  const list = useApiData<RequirementListResponse>(url);
  return (
    <Panel title={t("panelTitle")} description={t("description")}>
      <div className="filters-grid">
        <Field id="requirements-country" label={t("country")} hint={t("countryHint")}>
          <select id="requirements-country" value={country} onChange={(event) => setCountry(event.target.value)}>
            <option value="">{t("base")}</option>
            {named.map((item) => (
              <option key={item.iso_code} value={item.iso_code}>
                {item.name} ({item.iso_code})
              </option>
            ))}
          </select>
        </Field>
      </div>
      <ErrorBanner message={list.error} />
      {list.data && (list.data.country ?? "") === country ? (
        <RequirementListForm key={url} country={country || null} items={list.data.items} />
      ) : (
        <p className="muted">{t("loading")}</p>
      )}
    </Panel>
  );
}

type ListFormProps = { country: string | null; items: RequirementListResponse["items"] };

function RequirementListForm({ country, items }: ListFormProps) {
  const t = useTranslations("claims.settings");
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({ resolver: useZodResolver(ListForm), defaultValues: { items } });
  const rows = useFieldArray({ control, name: "items" });
  const { error, success, submit } = useApiSubmit(setFieldError, (path) => path.startsWith("items."), {
    invalidates: ["/api/v1/claims/requirements"],
  });
  useEffect(() => reset({ items }), [items, reset]);

  async function onSubmit(values: FormOutput) {
    await submit(async () => {
      const saved = await apiFetch<RequirementListResponse>("/api/v1/claims/requirements", {
        method: "PUT",
        body: { country, items: values.items },
      });
      return t("saved", { count: saved.items.length });
    });
  }

  return (
    <form className="form" onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t("formLabel")}>
      <ErrorSummary control={control} />
      <ErrorBanner message={error} />
      <SuccessBanner message={success} />
      {rows.fields.length === 0 ? <p className="muted">{country ? t("emptyCountry") : t("emptyBase")}</p> : null}
      <ol className="claim-settings-rows">
        {rows.fields.map((row, index) => (
          <li key={row.id} className="claim-settings-row">
            <Field id={`requirement-${index}-code`} label={t("code")} error={errors.items?.[index]?.code?.message}>
              <input
                id={`requirement-${index}-code`}
                autoComplete="off"
                maxLength={40}
                aria-invalid={Boolean(errors.items?.[index]?.code)}
                {...register(`items.${index}.code`, {
                  setValueAs: (value: unknown) => (typeof value === "string" ? value.trim().toUpperCase() : value),
                })}
              />
            </Field>
            <Field
              id={`requirement-${index}-label`}
              label={t("itemLabel")}
              error={errors.items?.[index]?.label?.message}
            >
              <input
                id={`requirement-${index}-label`}
                autoComplete="off"
                maxLength={200}
                aria-invalid={Boolean(errors.items?.[index]?.label)}
                {...register(`items.${index}.label`)}
              />
            </Field>
            <div className="field field-checkbox">
              <input id={`requirement-${index}-mandatory`} type="checkbox" {...register(`items.${index}.mandatory`)} />
              <label htmlFor={`requirement-${index}-mandatory`}>{t("mandatory")}</label>
            </div>
            <Button
              variant="secondary"
              onClick={() => rows.remove(index)}
              aria-label={t("removeRow", { index: index + 1 })}
            >
              {t("remove")}
            </Button>
          </li>
        ))}
      </ol>
      <FormActions submitLabel={t("save")} isBusy={isSubmitting}>
        <Button variant="secondary" onClick={() => rows.append({ code: "", label: "", mandatory: true })}>
          {t("add")}
        </Button>
      </FormActions>
    </form>
  );
}
