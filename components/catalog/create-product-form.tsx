"use client";

import { useTranslations } from "next-intl";
import { FormProvider, useFieldArray, useForm } from "react-hook-form";
import type { z } from "zod";
import { CreateProductInput } from "@/lib/catalog/schemas";
import { apiFetch, emptyToUndefined } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { ErrorSummary } from "@/components/ui/error-summary";
import { CheckboxField } from "@/components/ui/field";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { PlanFields } from "./plan-fields";
import type { Product } from "./types";
import { useCatalogErrors } from "./use-catalog-errors";
import { useCatalogResolver } from "./use-catalog-resolver";
import { NEW_VERSION } from "./version-terms-fields";
import { TextAreaField, TextField } from "@/components/ui/form-fields";

type FormInput = z.input<typeof CreateProductInput>;
type FormOutput = z.output<typeof CreateProductInput>;

const newPlan = () => ({ name: "", processor_price_id: undefined, versions: [{ ...NEW_VERSION }] });
const empty = (): FormInput => ({
  name: "",
  description: undefined,
  product_type: "repatriation",
  is_active: true,
  plans: [newPlan()],
});

// Every path the API names ("plans.0.versions.1.public_price") is a field of this form or a list in it.
const EVERY_PATH = () => true;

/** A product with its plans and their versions, sent as one POST: the API stores all of it or nothing. */
export function CreateProductForm({ onCreated }: { onCreated?: (product: Product) => void }) {
  const t = useTranslations("catalog.createProduct");
  const resolver = useCatalogResolver(CreateProductInput);
  const describeError = useCatalogErrors();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver,
    defaultValues: empty(),
  });
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const plans = useFieldArray({ control, name: "plans" });
  const { error, success, submit } = useApiSubmit(setError, EVERY_PATH, {
    invalidates: ["/api/v1/products"],
    describeError,
  });

  async function onSubmit(values: FormOutput) {
    await submit(async () => {
      const product = await apiFetch<Product>("/api/v1/products/", { method: "POST", body: values });
      reset(empty());
      onCreated?.(product);
      const versionCount = product.plans.reduce((sum, plan) => sum + plan.versions.length, 0);
      return t("created", { name: product.name, plans: product.plans.length, versions: versionCount });
    });
  }

  return (
    <FormProvider {...form}>
      <form className="form" onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t("formLabel")}>
        <ErrorSummary control={control} />
        <ErrorBanner message={error} />
        <SuccessBanner message={success} />
        <div className="form-grid">
          <TextField
            id="product-name"
            label={t("name")}
            error={errors.name?.message}
            autoComplete="off"
            registration={register("name")}
          />
          <TextField
            id="product-type"
            label={t("type")}
            error={errors.product_type?.message}
            autoComplete="off"
            registration={register("product_type")}
          />
          <TextAreaField
            id="product-description"
            label={t("descriptionField")}
            error={errors.description?.message}
            rows={2}
            registration={register("description", { setValueAs: emptyToUndefined })}
          />
          <CheckboxField id="product-active" label={t("active")}>
            <input id="product-active" type="checkbox" {...register("is_active")} />
          </CheckboxField>
        </div>
        {plans.fields.map((plan, index) => (
          <fieldset key={plan.id} className="nested nested-plan">
            <legend>{t("plan", { number: index + 1 })}</legend>
            <PlanFields
              prefix={`plans.${index}.`}
              idPrefix={`product-plan-${index}`}
              title={t("plan", { number: index + 1 })}
              onRemove={() => plans.remove(index)}
            />
          </fieldset>
        ))}
        <div className="form-actions">
          <Button variant="secondary" onClick={() => plans.append(newPlan())}>
            {t("addPlan")}
          </Button>
          <Button type="submit" isBusy={isSubmitting}>
            {t("submit")}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
