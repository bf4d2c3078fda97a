"use client";

import { useTranslations } from "next-intl";
import { FormProvider, useForm } from "react-hook-form";
import type { z } from "zod";
import { CreatePlanInput } from "@/lib/catalog/schemas";
import { apiFetch } from "@/components/ui/api-client";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { ErrorSummary } from "@/components/ui/error-summary";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { PlanFields } from "./plan-fields";
import type { Plan, Product } from "./types";
import { useCatalogErrors } from "./use-catalog-errors";
import { useCatalogResolver } from "./use-catalog-resolver";
import { NEW_VERSION } from "./version-terms-fields";
import { FormActions } from "@/components/ui/form-fields";

type FormInput = z.input<typeof CreatePlanInput>;
type FormOutput = z.output<typeof CreatePlanInput>;

const empty = (): FormInput => ({ name: "", processor_price_id: undefined, versions: [{ ...NEW_VERSION }] });
const EVERY_PATH = () => true;

/** Adds a plan, with its first versions, to a product that already exists. */
export function AddPlanForm({ product }: { product: Product }) {
  const t = useTranslations("catalog.addPlan");
  const resolver = useCatalogResolver(CreatePlanInput);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver,
    defaultValues: empty(),
  });
  const describeError = useCatalogErrors();
  const { error, success, submit } = useApiSubmit(form.setError, EVERY_PATH, {
    invalidates: ["/api/v1/products"],
    describeError,
  });

  async function onSubmit(values: FormOutput) {
    await submit(async () => {
      const plan = await apiFetch<Plan>(`/api/v1/products/${product.id}/plans`, { method: "POST", body: values });
      form.reset(empty());
      return t("added", { name: plan.name });
    });
  }

  return (
    <FormProvider {...form}>
      <form
        className="form"
        onSubmit={form.handleSubmit(onSubmit)}
        noValidate
        aria-label={t("formLabel", { product: product.name })}
      >
        <ErrorSummary control={form.control} />
        <ErrorBanner message={error} />
        <SuccessBanner message={success} />
        <PlanFields prefix="" idPrefix={`add-plan-${product.id}`} title={t("title")} />
        <FormActions submitLabel={t("submit")} isBusy={form.formState.isSubmitting} />
      </form>
    </FormProvider>
  );
}
