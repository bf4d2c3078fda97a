"use client";

import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { CreateZoneInput } from "@/lib/operations/schemas";
import { apiFetch, emptyToUndefined } from "@/components/ui/api-client";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { ErrorSummary } from "@/components/ui/error-summary";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useZodResolver } from "@/components/ui/use-zod-resolver";
import type { Zone } from "./types";
import { TextField, FormActions } from "@/components/ui/form-fields";

const FIELDS = ["name", "description"] as const;
const EMPTY = { name: "", description: "" };

export function CreateZoneForm({ onCreated }: { onCreated?: (zone: Zone) => void }) {
  const t = useTranslations("geography.createZone");
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<CreateZoneInput>({ resolver: useZodResolver(CreateZoneInput), defaultValues: EMPTY });
  // A duplicate name is a 409 whose detail says so, in the banner.
  const { error, success, submit } = useApiSubmit(setFieldError, FIELDS, { invalidates: ["/api/v1/geography/zones"] });

  async function onSubmit(values: CreateZoneInput) {
    await submit(async () => {
      const zone = await apiFetch<Zone>("/api/v1/geography/zones", { method: "POST", body: values });
      reset(EMPTY);
      onCreated?.(zone);
      return t("created", { name: zone.name });
    });
  }

  return (
    <form className="form form-grid" onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t("title")}>
      <ErrorSummary control={control} />
      <ErrorBanner message={error} />
      <SuccessBanner message={success} />
      <TextField
        id="zone-name"
        label={t("name")}
        error={errors.name?.message}
        autoComplete="off"
        registration={register("name")}
      />
      <TextField
        id="zone-description"
        label={t("description")}
        error={errors.description?.message}
        autoComplete="off"
        registration={register("description", { setValueAs: emptyToUndefined })}
      />
      <FormActions submitLabel={t("submit")} isBusy={isSubmitting} />
    </form>
  );
}
