"use client";

import { useTranslations } from "next-intl";
import "./lifecycle.css";
import { Fragment, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { apiFetch } from "@/components/ui/api-client";
import { ErrorBanner } from "@/components/ui/error-banner";
import { FormActions, TextField } from "@/components/ui/form-fields";
import { Panel } from "@/components/ui/panel";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useFormat } from "@/components/ui/use-format";
import { useZodResolver } from "@/components/ui/use-zod-resolver";
import { todayUtc } from "@/lib/emission/dates";
import { DateOnly } from "@/lib/emission/schemas";
import type { LifecycleRunResponse } from "@/lib/lifecycle/schemas";

const RunForm = z.object({ as_of: DateOnly });
type RunFormValues = z.output<typeof RunForm>;
const FIELDS = ["as_of"] as const;
const MOVES = ["not_taken_up", "in_arrears", "lapsed", "cancelled", "renewed", "expired"] as const;

/**
 * Runs the daily lifecycle for a day (lifecycle.md section 4): today, as the background function does at
 * 00:30 UTC, or a past day to catch up. Shows how many policies each step moved and the notices queued.
 */
export function LifecycleRunPanel() {
  const t = useTranslations("lifecycle.run");
  const f = useFormat();
  const [outcome, setOutcome] = useState<LifecycleRunResponse | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors },
  } = useForm<RunFormValues>({ resolver: useZodResolver(RunForm), defaultValues: { as_of: todayUtc() } });
  const { error, isBusy, submit } = useApiSubmit(setFieldError, FIELDS, { invalidates: ["/api/v1/emission/policies"] });

  async function onSubmit(values: RunFormValues) {
    setOutcome(null);
    await submit(async () => {
      setOutcome(await apiFetch<LifecycleRunResponse>("/api/v1/lifecycle/run", { method: "POST", body: values }));
    });
  }

  return (
    <Panel title={t("title")} description={t("description")}>
      <form className="form" onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t("form")}>
        <div className="form-grid">
          <TextField
            id="run-as-of"
            label={t("asOf")}
            hint={t("asOfHint")}
            error={errors.as_of?.message}
            type="date"
            registration={register("as_of")}
          />
        </div>
        <ErrorBanner message={error} />
        <FormActions submitLabel={t("submit")} isBusy={isBusy} />
      </form>
      {outcome ? (
        <section className="lifecycle-preview" aria-label={t("outcome")}>
          <p role="status">{t("done", { date: f.date(outcome.as_of) })}</p>
          <dl className="facts">
            {MOVES.map((move) => (
              <Fragment key={move}>
                <dt>{t(`moves.${move}`)}</dt>
                <dd>{f.number(outcome.moved[move])}</dd>
              </Fragment>
            ))}
            <dt>{t("notices")}</dt>
            <dd>{f.number(outcome.notices)}</dd>
          </dl>
        </section>
      ) : null}
    </Panel>
  );
}
