"use client";

import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import type { Version } from "@/components/catalog/types";
import { ClientPicker } from "@/components/clients/client-picker";
import type { Client } from "@/components/clients/types";
import { apiFetch, ApiError } from "@/components/ui/api-client";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { ErrorSummary } from "@/components/ui/error-summary";
import { Panel } from "@/components/ui/panel";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useFormat } from "@/components/ui/use-format";
import { useZodResolver } from "@/components/ui/use-zod-resolver";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_ROWS } from "@/lib/emission/bulk-upload/schemas";
import { DateOnly } from "@/lib/emission/schemas";
import { Uuid } from "@/lib/schemas";
import "./policies.css";
import { RowErrorsTable, type RowError } from "./row-errors-table";
import { isFileCode, isRowError, spreadsheetFile } from "./spreadsheet-file";
import type { Policy } from "./types";
import { tomorrowIn } from "@/lib/i18n/local-day";
import { VersionPicker } from "./version-picker";
import { VersionSummary } from "@/components/catalog/version-summary";
import { TextField, FormActions } from "@/components/ui/form-fields";

const MAX_MB = MAX_UPLOAD_BYTES / 1024 / 1024;

// The upload's fields beside the file; the file's own rows are checked by the API, row by row.
const BulkUploadForm = z.object({
  client_id: z.string().min(1).pipe(Uuid),
  plan_version_id: z.string().min(1).pipe(Uuid),
  start_date: DateOnly,
  file: spreadsheetFile(MAX_UPLOAD_BYTES),
});
type BulkUploadFormInput = z.input<typeof BulkUploadForm>;
type BulkUploadFormOutput = z.output<typeof BulkUploadForm>;

const FIELDS = ["client_id", "plan_version_id", "start_date", "file"] as const;
/** The pickers' controls, for the error summary's links: their choice is set, not typed. */
const PICKER_TARGETS = { client_id: "client-search", plan_version_id: "bulk-version" };

/** Issues one policy whose beneficiaries are the rows of a spreadsheet; bad rows come back as a table. */
export function BulkUploadPanel() {
  const t = useTranslations("policies.bulk");
  const locale = useLocale();
  const f = useFormat();
  const router = useRouter();
  const [client, setClient] = useState<Client | null>(null);
  const [version, setVersion] = useState<Version | null>(null);
  const [rowErrors, setRowErrors] = useState<RowError[]>([]);
  const [isIssued, setIsIssued] = useState(false);
  const {
    register,
    handleSubmit,
    setValue,
    setError: setFieldError,
    control,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<BulkUploadFormInput, unknown, BulkUploadFormOutput>({
    resolver: useZodResolver(BulkUploadForm),
    defaultValues: { client_id: "", plan_version_id: "", start_date: tomorrowIn() },
  });
  const { error, success, submit } = useApiSubmit(setFieldError, FIELDS);

  useEffect(() => {
    setValue("client_id", client?.id ?? "", { shouldValidate: isSubmitted });
  }, [client, setValue, isSubmitted]);

  function chooseVersion(next: Version | null) {
    setVersion(next);
    setValue("plan_version_id", next?.id ?? "", { shouldValidate: isSubmitted });
  }

  async function onSubmit({ file, ...fields }: BulkUploadFormOutput) {
    setRowErrors([]);
    const body = new FormData();
    body.set("file", file[0]);
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    await submit(async () => {
      try {
        const policy = await apiFetch<Policy>("/api/v1/emission/bulk-upload", { method: "POST", body });
        setIsIssued(true);
        router.push(`/policies/${policy.id}`);
        return t("issued", { number: policy.policy_number, count: policy.beneficiaries.length });
      } catch (caught) {
        // The 422 of a bad file lists cells ({row, column, message}) rather than form paths.
        if (caught instanceof ApiError) setRowErrors((caught.errors as unknown[]).filter(isRowError));
        throw caught;
      }
    });
  }

  // The resolver words codes of the validation catalog; the file's own codes are worded here.
  const fileCode = errors.file?.type;
  const fileError =
    typeof fileCode === "string" && isFileCode(fileCode)
      ? t(`fileErrors.${fileCode}`, { megabytes: f.number(MAX_MB) })
      : errors.file?.message;

  return (
    <>
      <ErrorSummary control={control} targets={PICKER_TARGETS} />
      <Panel title={t("client")} description={t("clientDescription")}>
        <ClientPicker client={client} onChange={setClient} error={errors.client_id?.message} />
      </Panel>
      <Panel
        title={t("file")}
        description={t("fileDescription", { megabytes: f.number(MAX_MB), rows: f.number(MAX_UPLOAD_ROWS) })}
        actions={
          // The template's instructions sheet in the page's language.
          <a className="button button-secondary" href={`/api/v1/emission/bulk-upload/template?lang=${locale}`}>
            {t("template")}
          </a>
        }
      >
        <form className="form" onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t("form")}>
          <div className="form-grid">
            <VersionPicker idPrefix="bulk" onChange={chooseVersion} error={errors.plan_version_id?.message} />
            <TextField
              id="bulk-start"
              label={t("startDate")}
              error={errors.start_date?.message}
              type="date"
              registration={register("start_date")}
            />
            <TextField
              id="bulk-file"
              label={t("spreadsheet")}
              hint={t("spreadsheetHint")}
              error={fileError}
              type="file"
              accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              registration={register("file")}
            />
          </div>
          {version ? <VersionSummary version={version} /> : null}
          <ErrorBanner message={error} />
          <SuccessBanner message={success} />
          <FormActions submitLabel={t("submit")} isBusy={isSubmitting || isIssued} />
        </form>
        {rowErrors.length > 0 ? <RowErrorsTable errors={rowErrors} /> : null}
      </Panel>
    </>
  );
}
