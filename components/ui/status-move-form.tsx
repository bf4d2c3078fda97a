"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ErrorBanner, SuccessBanner } from "./error-banner";
import { useApiSubmit } from "./use-api-submit";
import { useZodResolver } from "./use-zod-resolver";
import { TextField, SelectField, FormActions } from "@/components/ui/form-fields";

/** The form's fields: the status to move to and the reason kept in the history. */
export type StatusMove<S extends string> = { status: S; reason: string };

const FIELDS = ["status", "reason"] as const;

type StatusMoveFormProps<S extends string> = {
  /** "claim" or "policy": the catalog words the form's texts for each (nav.ui.move). */
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
  const t = useTranslations("nav.ui.move");
  const locale = useLocale();
  // A status named inside a sentence reads in lower case ("Moved to in review.", "Cambió a en revisión").
  const inSentence = (text: string) => text.toLocaleLowerCase(locale);
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<StatusMove<string>, unknown, StatusMove<S>>({
    resolver: useZodResolver(schema),
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
      return t("moved", { status: inSentence(label(moved)) });
    });
  }

  if (moves.length === 0) {
    return (
      <>
        {/* The last move's outcome, or the 409 of a move someone else's final move got ahead of. */}
        <ErrorBanner message={error} />
        <SuccessBanner message={success} />
        <p className="muted">{t("final", { subject, status: inSentence(label(status)) })}</p>
      </>
    );
  }

  return (
    <form className="form form-grid" onSubmit={handleSubmit(onSubmit)} noValidate aria-label={name}>
      <ErrorBanner message={error} />
      <SuccessBanner message={success} />
      <SelectField
        id={`${idPrefix}-to`}
        label={t("newStatus")}
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
        label={t("reason")}
        hint={t("reasonHint", { subject })}
        error={errors.reason?.message}
        autoComplete="off"
        registration={register("reason")}
      />
      <FormActions submitLabel={t("submit")} isBusy={isSubmitting} />
    </form>
  );
}
