"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { CreateZoneInput } from "@/lib/operations/schemas";
import { apiFetch, emptyToUndefined } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { Field } from "@/components/ui/field";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import type { Zone } from "./types";

const FIELDS = ["name", "description"] as const;
const EMPTY = { name: "", description: "" };

export function CreateZoneForm({ onCreated }: { onCreated?: (zone: Zone) => void }) {
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<CreateZoneInput>({ resolver: zodResolver(CreateZoneInput), defaultValues: EMPTY });
  // A duplicate name is a 409 whose detail says so, in the banner.
  const { error, success, submit } = useApiSubmit(setFieldError, FIELDS, { invalidates: ["/api/v1/geography/zones"] });

  async function onSubmit(values: CreateZoneInput) {
    await submit(async () => {
      const zone = await apiFetch<Zone>("/api/v1/geography/zones", { method: "POST", body: values });
      reset(EMPTY);
      onCreated?.(zone);
      return `Created zone ${zone.name}.`;
    });
  }

  return (
    <form className="form form-grid" onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Create a zone">
      <ErrorBanner message={error} />
      <SuccessBanner message={success} />
      <Field id="zone-name" label="Zone name" error={errors.name?.message}>
        <input id="zone-name" autoComplete="off" aria-invalid={Boolean(errors.name)} {...register("name")} />
      </Field>
      <Field id="zone-description" label="Description (optional)" error={errors.description?.message}>
        <input
          id="zone-description"
          autoComplete="off"
          {...register("description", { setValueAs: emptyToUndefined })}
        />
      </Field>
      <div className="form-actions">
        <Button type="submit" isBusy={isSubmitting}>
          Create zone
        </Button>
      </div>
    </form>
  );
}
