"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { apiFetch } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { Field } from "@/components/ui/field";
import { formMessages } from "@/components/ui/form-messages";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { movesFrom } from "@/lib/emission/policy-moves";
import { TransitionInput } from "@/lib/emission/schemas";
import { statusLabel, type PolicyDetail } from "./types";

type TransitionFormInput = z.input<typeof TransitionInput>;
const FIELDS = ["to_status", "reason"] as const;

type TransitionFormProps = { policy: PolicyDetail; onMoved: () => void };

/**
 * An administrator's move: only the statuses the service allows by hand from this one are offered
 * (the same table decides both); the reason is required and kept in the history. A move that became
 * impossible meanwhile (another person moved it) comes back as 409, shown above the form.
 */
export function TransitionForm({ policy, onMoved }: TransitionFormProps) {
  const moves = movesFrom(policy.status, "manual");
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<TransitionFormInput>({
    resolver: zodResolver(TransitionInput, { error: formMessages }),
    defaultValues: { to_status: moves[0] ?? policy.status, reason: "" },
  });
  const { error, success, submit } = useApiSubmit(setFieldError, FIELDS);

  if (moves.length === 0) {
    return <p className="muted">The policy is {statusLabel(policy.status)}: a final status, with no move out of it.</p>;
  }

  async function onSubmit(values: TransitionFormInput) {
    await submit(async () => {
      const moved = await apiFetch<PolicyDetail>(`/api/v1/emission/policies/${policy.id}/transition`, { method: "POST", body: values });
      reset({ to_status: movesFrom(moved.status, "manual")[0] ?? moved.status, reason: "" });
      onMoved();
      return `Moved to ${statusLabel(moved.status)}.`;
    });
  }

  return (
    <form className="form form-grid" onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Change status">
      <ErrorBanner message={error} />
      <SuccessBanner message={success} />
      <Field id="transition-to" label="New status" error={errors.to_status?.message}>
        <select id="transition-to" {...register("to_status")}>
          {moves.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </select>
      </Field>
      <Field id="transition-reason" label="Reason" hint="kept in the policy's history" error={errors.reason?.message}>
        <input id="transition-reason" autoComplete="off" aria-invalid={Boolean(errors.reason)} {...register("reason")} />
      </Field>
      <div className="form-actions">
        <Button type="submit" isBusy={isSubmitting}>
          Change status
        </Button>
      </div>
    </form>
  );
}
