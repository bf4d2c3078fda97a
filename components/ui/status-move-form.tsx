"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ErrorBanner, SuccessBanner } from "./error-banner";
import { formMessages } from "./form-messages";
import { useApiSubmit } from "./use-api-submit";
import { TextField, SelectField, FormActions } from "@/components/ui/form-fields";

/** The form's fields: the status to move to and the reason kept in the history. */
export type StatusMove<S extends string> = { status: S; reason: string };

const FIELDS = ["status", "reason"] as const;

type StatusMoveFormProps<S extends string> = {
  /** "claim" or "policy", in the form's texts. */
  subject: string;
  /** The form's accessible name. */
  name: string;
  /** Prefix of the fields' ids, unique on the page. */
  idPrefix: string;
  status: S;
  /** The statuses one may move to from `status` (the service's table); none for a final status. */
  moves: readonly S[];
  label: (status: S) => string;
  schema: z.ZodType<StatusMove<S>, StatusMove<string>>;
  /** Sends the move; answers the status moved to. */
  move: (values: StatusMove<S>) => Promise<S>;
  /** The resources a move changes (the claim, the policy): they load again once it succeeded. */
  invalidates: readonly string[];
};

/**
 * A person's move of a status: only the statuses the service's table allows from the current one are
 * offered, and the reason is required (it goes into the history). A move made impossible meanwhile by
 * someone else comes back as 409, shown above the form.
 */
export function StatusMoveForm<S extends string>({
  subject,
  name,
  idPrefix,
  status,
  moves,
  label,
  schema,
  move,
  invalidates,
}: StatusMoveFormProps<S>) {
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<StatusMove<string>, unknown, StatusMove<S>>({
    resolver: zodResolver(schema, { error: formMessages }),
    defaultValues: { status: moves[0] ?? status, reason: "" },
  });
  const { error, success, submit } = useApiSubmit(setFieldError, FIELDS, { invalidates });

  // A new status (ours or someone else's) offers other moves and needs a new reason.
  const firstMove = moves[0];
  useEffect(() => {
    reset({ status: firstMove ?? status, reason: "" });
  }, [status, firstMove, reset]);

  async function onSubmit(values: StatusMove<S>) {
    await submit(async () => {
      const moved = await move(values);
      return `Moved to ${label(moved)}.`;
    });
  }

  if (moves.length === 0) {
    return (
      <>
        {/* The last move's outcome, or the 409 of a move someone else's final move got ahead of. */}
        <ErrorBanner message={error} />
        <SuccessBanner message={success} />
        <p className="muted">
          The {subject} is {label(status)}: a final status, with no move out of it.
        </p>
      </>
    );
  }

  return (
    <form className="form form-grid" onSubmit={handleSubmit(onSubmit)} noValidate aria-label={name}>
      <ErrorBanner message={error} />
      <SuccessBanner message={success} />
      <SelectField
        id={`${idPrefix}-to`}
        label="New status"
        error={errors.status?.message}
        registration={register("status")}
      >
        {moves.map((option) => (
          <option key={option} value={option}>
            {label(option)}
          </option>
        ))}
      </SelectField>
      <TextField
        id={`${idPrefix}-reason`}
        label="Reason"
        hint={`kept in the ${subject}'s history`}
        error={errors.reason?.message}
        autoComplete="off"
        registration={register("reason")}
      />
      <FormActions submitLabel="Change status" isBusy={isSubmitting} />
    </form>
  );
}
