"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { FormProvider, useFieldArray, useForm } from "react-hook-form";
import type { z } from "zod";
import { CreateProductInput } from "@/lib/catalog/schemas";
import { apiFetch, emptyToUndefined } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { CheckboxField } from "@/components/ui/field";
import { formMessages } from "@/components/ui/form-messages";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { PlanFields } from "./plan-fields";
import type { Product } from "./types";
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
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(CreateProductInput, { error: formMessages }),
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
  const { error, success, submit } = useApiSubmit(setError, EVERY_PATH, { invalidates: ["/api/v1/products"] });

  async function onSubmit(values: FormOutput) {
    await submit(async () => {
      const product = await apiFetch<Product>("/api/v1/products/", { method: "POST", body: values });
      reset(empty());
      onCreated?.(product);
      const versionCount = product.plans.reduce((sum, plan) => sum + plan.versions.length, 0);
      return `Created ${product.name} with ${plural(product.plans.length, "plan")} and ${plural(versionCount, "version")}.`;
    });
  }

  return (
    <FormProvider {...form}>
      <form className="form" onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Create a product">
        <ErrorBanner message={error} />
        <SuccessBanner message={success} />
        <div className="form-grid">
          <TextField
            id="product-name"
            label="Product name"
            error={errors.name?.message}
            autoComplete="off"
            registration={register("name")}
          />
          <TextField
            id="product-type"
            label="Product type"
            error={errors.product_type?.message}
            autoComplete="off"
            registration={register("product_type")}
          />
          <TextAreaField
            id="product-description"
            label="Description (optional)"
            error={errors.description?.message}
            rows={2}
            registration={register("description", { setValueAs: emptyToUndefined })}
          />
          <CheckboxField id="product-active" label="Active (offered for sale)">
            <input id="product-active" type="checkbox" {...register("is_active")} />
          </CheckboxField>
        </div>
        {plans.fields.map((plan, index) => (
          <fieldset key={plan.id} className="nested nested-plan">
            <legend>Plan {index + 1}</legend>
            <PlanFields
              prefix={`plans.${index}.`}
              idPrefix={`product-plan-${index}`}
              title={`Plan ${index + 1}`}
              onRemove={() => plans.remove(index)}
            />
          </fieldset>
        ))}
        <div className="form-actions">
          <Button variant="secondary" onClick={() => plans.append(newPlan())}>
            Add a plan
          </Button>
          <Button type="submit" isBusy={isSubmitting}>
            Create product
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}
