"use client";

import { useTranslations } from "next-intl";
import "./lifecycle.css";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import "@/components/policies/policies.css";
import { RowErrorsTable, type RowError } from "@/components/policies/row-errors-table";
import { isFileCode, isRowError, spreadsheetFile } from "@/components/policies/spreadsheet-file";
import { apiFetch, ApiError } from "@/components/ui/api-client";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { ErrorSummary } from "@/components/ui/error-summary";
import { FormActions, TextField } from "@/components/ui/form-fields";
import { Panel } from "@/components/ui/panel";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useFormat } from "@/components/ui/use-format";
import { useZodResolver } from "@/components/ui/use-zod-resolver";
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from "@/lib/lifecycle/import/book-rows";
import type { ImportBookResponse } from "@/lib/lifecycle/schemas";

const MAX_MB = MAX_IMPORT_BYTES / 1024 / 1024;

const ImportForm = z.object({
  file: spreadsheetFile(MAX_IMPORT_BYTES),
});
type ImportFormInput = z.input<typeof ImportForm>;
type ImportFormOutput = z.output<typeof ImportForm>;

/**
 * Imports a book of policies in force from a spreadsheet (one row per life, grouped by policy number),
 * checked whole: every bad row comes back as a table and nothing is stored until the file is clean.
 */
export function BookImportPanel() {
  const t = useTranslations("lifecycle.import");
  const f = useFormat();
  const [rowErrors, setRowErrors] = useState<RowError[]>([]);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    control,
    formState: { errors },
  } = useForm<ImportFormInput, unknown, ImportFormOutput>({ resolver: useZodResolver(ImportForm) });
  const { error, success, isBusy, submit } = useApiSubmit(setFieldError, ["file"], {
    invalidates: ["/api/v1/emission/policies"],
  });

  async function onSubmit({ file }: ImportFormOutput) {
    setRowErrors([]);
    const body = new FormData();
    body.set("file", file[0]);
    await submit(async () => {
      try {
        const { imported } = await apiFetch<ImportBookResponse>("/api/v1/emission/policies/import/bulk", {
          method: "POST",
          body,
        });
        return t("imported", { count: imported });
      } catch (caught) {
        // The 422 of a bad file lists cells ({row, column, message}) rather than form paths.
        if (caught instanceof ApiError) setRowErrors((caught.errors as unknown[]).filter(isRowError));
        throw caught;
      }
    });
  }

  const fileCode = errors.file?.type;
  const fileError =
    typeof fileCode === "string" && isFileCode(fileCode)
      ? t(`fileErrors.${fileCode}`, { megabytes: f.number(MAX_MB) })
      : errors.file?.message;

  return (
    <Panel
      title={t("title")}
      description={t("description", { megabytes: f.number(MAX_MB), rows: f.number(MAX_IMPORT_ROWS) })}
      actions={
        <a className="button button-secondary" href="/api/v1/emission/policies/import/template" download>
          {t("template")}
        </a>
      }
    >
      <form className="form" onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t("form")}>
        <ErrorSummary control={control} />
        <div className="form-grid">
          <TextField
            id="import-file"
            label={t("spreadsheet")}
            hint={t("spreadsheetHint")}
            error={fileError}
            type="file"
            accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            registration={register("file")}
          />
        </div>
        <ErrorBanner message={error} />
        <SuccessBanner message={success} />
        <FormActions submitLabel={t("submit")} isBusy={isBusy} />
      </form>
      {rowErrors.length > 0 ? <RowErrorsTable errors={rowErrors} /> : null}
    </Panel>
  );
}
