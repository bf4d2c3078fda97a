"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ApiError, apiFetch } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { Field } from "@/components/ui/field";
import { formMessages } from "@/components/ui/form-messages";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { CLAIM_MOVES } from "@/lib/claims/claim-moves";
import { ClaimStatusInput } from "@/lib/claims/schemas";
import { claimStatusLabel } from "./claim-math";
import type { Claim } from "./types";

type FormInput = z.input<typeof ClaimStatusInput>;
const FIELDS = ["status", "reason"] as const;

type MoveFormProps = { claim: Claim; onMoved: () => void };

/**
 * An administrator's move (claims:manage): only the statuses the service's table allows from this one
 * are offered, and the reason is required (it goes into the history). A move made impossible meanwhile
 * by someone else comes back as 409 naming both statuses, shown above the form.
 */
export function MoveForm({ claim, onMoved }: MoveFormProps) {
  const moves = CLAIM_MOVES[claim.status];
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput>({
    resolver: zodResolver(ClaimStatusInput, { error: formMessages }),
    defaultValues: { status: moves[0] ?? claim.status, reason: "" },
  });
  const { error, success, submit } = useApiSubmit(setFieldError, FIELDS);

  // A new status (ours or someone else's) offers other moves and needs a new reason.
  useEffect(() => {
    reset({ status: CLAIM_MOVES[claim.status][0] ?? claim.status, reason: "" });
  }, [claim.status, reset]);

  async function onSubmit(values: FormInput) {
    await submit(async () => {
      try {
        const moved = await apiFetch<Claim>(`/api/v1/claims/${claim.id}/status`, { method: "PATCH", body: values });
        onMoved();
        return `Moved to ${claimStatusLabel(moved.status)}.`;
      } catch (caught) {
        // Someone else moved the claim meanwhile: show where it stands now, with the 409's message.
        if (caught instanceof ApiError && caught.status === 409) onMoved();
        throw caught;
      }
    });
  }

  if (moves.length === 0) {
    return (
      <>
        {/* The last move's outcome, or the 409 of a move someone else's final move got ahead of. */}
        <ErrorBanner message={error} />
        <SuccessBanner message={success} />
        <p className="muted">The claim is {claimStatusLabel(claim.status)}: a final status, with no move out of it.</p>
      </>
    );
  }

  return (
    <form className="form form-grid" onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Change the claim's status">
      <ErrorBanner message={error} />
      <SuccessBanner message={success} />
      <Field id="claim-move-to" label="New status" error={errors.status?.message}>
        <select id="claim-move-to" {...register("status")}>
          {moves.map((status) => (
            <option key={status} value={status}>
              {claimStatusLabel(status)}
            </option>
          ))}
        </select>
      </Field>
      <Field id="claim-move-reason" label="Reason" hint="kept in the claim's history" error={errors.reason?.message}>
        <input id="claim-move-reason" autoComplete="off" aria-invalid={Boolean(errors.reason)} {...register("reason")} />
      </Field>
      <div className="form-actions">
        <Button type="submit" isBusy={isSubmitting}>
          Change status
        </Button>
      </div>
    </form>
  );
}
