"use client";

import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useCallback, useMemo } from "react";
import {
  useForm,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormRegister,
} from "react-hook-form";
import { z } from "zod";
import { CompanySelect } from "@/components/companies/company-select";
import { apiFetch, useApiData } from "@/components/ui/api-client";
import { DataTable } from "@/components/ui/data-table";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { ErrorSummary } from "@/components/ui/error-summary";
import { Field } from "@/components/ui/field";
import { Badge, Panel } from "@/components/ui/panel";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useFormat } from "@/components/ui/use-format";
import { useZodResolver } from "@/components/ui/use-zod-resolver";
import { KNOWLEDGE_AUDIENCES, type KnowledgeAudience } from "@/lib/knowledge/audience";
import { CreateTextDocumentInput, MAX_PDF_BYTES, MetadataJson } from "@/lib/knowledge/schemas";
import "./knowledge.css";
import { useKnowledgeErrorMessage } from "./messages";
import type { Company, KnowledgeDocument } from "./types";
import { ConfirmButton, FormActions, SelectField, TextAreaField, TextField } from "@/components/ui/form-fields";

const MAX_MB = MAX_PDF_BYTES / 1024 / 1024;

/**
 * The codes of this page's own rules (`params.code` of their issues) and their texts in the
 * `knowledge.form.errors` catalog; the other problems read as the `validation` catalog words them.
 */
const OWN_ISSUES = {
  metadata_not_json: "metadataNotJson",
  metadata_too_large: "metadataTooLarge",
  file_required: "fileRequired",
  file_not_pdf: "fileNotPdf",
  file_too_large: "fileTooLarge",
} as const;

/**
 * useZodResolver with the page's own texts for its own rules and for a company left unchosen, so that a
 * field and the error summary say the same; the other problems read as the `validation` catalog words them.
 */
function useKnowledgeResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  const base = useZodResolver(schema);
  const t = useTranslations("knowledge.form.errors");
  return useMemo<Resolver<Input, unknown, Output>>(
    () => async (values, context, options) => {
      const result = await base(values, context, options);
      // The forms' fields are flat: each error is a field's.
      for (const [name, error] of Object.entries(result.errors as Record<string, FieldError | undefined>)) {
        if (!error) continue;
        if (Object.hasOwn(OWN_ISSUES, error.type))
          error.message = t(OWN_ISSUES[error.type as keyof typeof OWN_ISSUES], { max: MAX_MB });
        else if (name === "company_id") error.message = t("companyRequired");
      }
      return result;
    },
    [base, t],
  );
}

/** The metadata as typed: empty, or a JSON object (checked by the API's own schema). */
const MetadataText = z.string().superRefine((text, context) => {
  if (text.trim() === "") return;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    context.addIssue({ code: "custom", message: "must be a JSON object", params: { code: "metadata_not_json" } });
    return;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    context.addIssue({ code: "custom", message: "must be a JSON object", params: { code: "metadata_not_json" } });
  else if (!MetadataJson.safeParse(value).success)
    context.addIssue({
      code: "custom",
      message: "must be at most 8 KB of JSON",
      params: { code: "metadata_too_large" },
    });
});

function useAddedMessage() {
  const t = useTranslations("knowledge.form");
  const f = useFormat();
  return useCallback(
    (document: KnowledgeDocument) =>
      t("added", { title: document.title, count: document.chunk_count, shown: f.number(document.chunk_count) }),
    [t, f],
  );
}

function metadataOf(text: string): Record<string, unknown> {
  return text.trim() === "" ? {} : (JSON.parse(text) as Record<string, unknown>);
}

/**
 * Who may read the document, and whose it is. An administrator must choose the company (the API refuses
 * an administrator's document without one); anyone else adds to their own company.
 */
function placementFields(mustPickCompany: boolean) {
  return {
    audience: z.enum(KNOWLEDGE_AUDIENCES),
    company_id: mustPickCompany ? z.string().min(1) : z.string(),
  };
}

const PdfForm = z.object({
  file: z
    .custom<FileList>((value) => typeof FileList !== "undefined" && value instanceof FileList && value.length === 1, {
      message: "choose a PDF file",
      params: { code: "file_required" },
    })
    .refine((files) => /\.pdf$/i.test(files[0].name) || files[0].type === "application/pdf", {
      message: "must be a .pdf file",
      params: { code: "file_not_pdf" },
    })
    .refine((files) => files[0].size <= MAX_PDF_BYTES, {
      message: `must be at most ${MAX_MB} MB`,
      params: { code: "file_too_large" },
    }),
  title: z.string().max(255),
  metadata_json: MetadataText,
  ...placementFields(false),
});
type PdfFormInput = z.input<typeof PdfForm>;
type PdfFormOutput = z.output<typeof PdfForm>;

const TextForm = CreateTextDocumentInput.pick({ title: true, content: true }).extend({
  metadata_json: MetadataText,
  ...placementFields(false),
});
type TextFormValues = z.infer<typeof TextForm>;

const PDF_FIELDS = ["file", "title", "metadata_json", "audience", "company_id"] as const;
const TEXT_FIELDS = ["title", "content", "metadata_json", "audience", "company_id"] as const;

/** The audience select, and the company select for an administrator (null: the caller's own company). */
function PlacementFields<F extends { audience: KnowledgeAudience; company_id: string }>({
  idPrefix,
  register,
  errors,
  companies,
}: {
  idPrefix: string;
  register: UseFormRegister<F>;
  errors: FieldErrors<{ audience: KnowledgeAudience; company_id: string }>;
  companies: Company[] | null;
}) {
  const t = useTranslations("knowledge.form");
  // The two fields every form here has; react-hook-form cannot see that through the generic.
  const field = register as unknown as UseFormRegister<{ audience: KnowledgeAudience; company_id: string }>;
  return (
    <>
      <SelectField
        id={`${idPrefix}-audience`}
        label={t("audience")}
        hint={t("audienceHint")}
        error={errors.audience?.message}
        registration={field("audience")}
      >
        {KNOWLEDGE_AUDIENCES.map((audience) => (
          <option key={audience} value={audience}>
            {t(`audiences.${audience}`)}
          </option>
        ))}
      </SelectField>
      {companies ? (
        <Field id={`${idPrefix}-company`} label={t("company")} error={errors.company_id?.message}>
          <CompanySelect
            id={`${idPrefix}-company`}
            companies={companies}
            emptyLabel={t("chooseCompany")}
            registration={field("company_id")}
            isInvalid={Boolean(errors.company_id)}
          />
        </Field>
      ) : null}
    </>
  );
}

/** What a form sends besides its own fields: the audience, and the company when one was chosen. */
function placementOf({ audience, company_id }: { audience: KnowledgeAudience; company_id: string }) {
  return company_id ? { audience, company_id } : { audience };
}

const PLACEMENT_DEFAULTS = { audience: "STAFF" as const, company_id: "" };

const KNOWLEDGE = ["/api/v1/ai/knowledge"];

/** Where a new document goes (or goes from): on success the list reloads; failures are worded for the library. */
function useKnowledgeSubmitOptions() {
  const describeError = useKnowledgeErrorMessage();
  return useMemo(() => ({ invalidates: KNOWLEDGE, describeError }), [describeError]);
}

function UploadPdfPanel({ companies }: { companies: Company[] | null }) {
  const mustPickCompany = companies !== null;
  const schema = useMemo(() => PdfForm.extend(placementFields(mustPickCompany)), [mustPickCompany]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<PdfFormInput, unknown, PdfFormOutput>({
    resolver: useKnowledgeResolver(schema),
    defaultValues: { title: "", metadata_json: "", ...PLACEMENT_DEFAULTS },
  });
  const { error, success, submit } = useApiSubmit(setError, PDF_FIELDS, useKnowledgeSubmitOptions());
  const t = useTranslations("knowledge.form");
  const addedMessage = useAddedMessage();

  async function onSubmit({ file, title, metadata_json, ...placement }: PdfFormOutput) {
    const body = new FormData();
    body.set("file", file[0]);
    if (title.trim()) body.set("title", title.trim());
    if (metadata_json.trim()) body.set("metadata_json", JSON.stringify(metadataOf(metadata_json)));
    for (const [name, value] of Object.entries(placementOf(placement))) body.set(name, value);
    await submit(async () => {
      const document = await apiFetch<KnowledgeDocument>("/api/v1/ai/knowledge/upload", { method: "POST", body });
      reset();
      return addedMessage(document);
    });
  }

  return (
    <Panel title={t("pdf.title")} description={t("pdf.description", { max: MAX_MB })}>
      <form className="form knowledge-form" onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t("pdf.title")}>
        <ErrorSummary control={control} />
        <TextField
          id="pdf-file"
          label={t("pdf.file")}
          error={errors.file?.message}
          type="file"
          accept="application/pdf,.pdf"
          registration={register("file")}
        />
        <TextField
          id="pdf-title"
          label={t("title")}
          hint={t("pdf.titleHint")}
          error={errors.title?.message}
          registration={register("title")}
        />
        <TextField
          id="pdf-metadata"
          label={t("metadata")}
          hint={t("metadataHint")}
          error={errors.metadata_json?.message}
          registration={register("metadata_json")}
        />
        <PlacementFields idPrefix="pdf" register={register} errors={errors} companies={companies} />
        <ErrorBanner message={error} />
        <SuccessBanner message={success} />
        <FormActions submitLabel={isSubmitting ? t("pdf.submitting") : t("pdf.submit")} isBusy={isSubmitting} />
      </form>
    </Panel>
  );
}

function AddTextPanel({ companies }: { companies: Company[] | null }) {
  const mustPickCompany = companies !== null;
  const schema = useMemo(() => TextForm.extend(placementFields(mustPickCompany)), [mustPickCompany]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<TextFormValues>({
    resolver: useKnowledgeResolver(schema),
    defaultValues: { title: "", content: "", metadata_json: "", ...PLACEMENT_DEFAULTS },
  });
  const { error, success, submit } = useApiSubmit(setError, TEXT_FIELDS, useKnowledgeSubmitOptions());
  const t = useTranslations("knowledge.form");
  const addedMessage = useAddedMessage();

  async function onSubmit({ title, content, metadata_json, ...placement }: TextFormValues) {
    const body = { title, content, metadata_json: metadataOf(metadata_json), ...placementOf(placement) };
    await submit(async () => {
      const document = await apiFetch<KnowledgeDocument>("/api/v1/ai/knowledge", { method: "POST", body });
      reset();
      return addedMessage(document);
    });
  }

  return (
    <Panel title={t("text.title")} description={t("text.description")}>
      <form
        className="form knowledge-form"
        onSubmit={handleSubmit(onSubmit)}
        noValidate
        aria-label={t("text.formLabel")}
      >
        <ErrorSummary control={control} />
        <TextField id="text-title" label={t("title")} error={errors.title?.message} registration={register("title")} />
        <TextAreaField
          id="text-content"
          label={t("text.content")}
          error={errors.content?.message}
          registration={register("content")}
        />
        <TextField
          id="text-metadata"
          label={t("metadata")}
          error={errors.metadata_json?.message}
          registration={register("metadata_json")}
        />
        <PlacementFields idPrefix="text" register={register} errors={errors} companies={companies} />
        <ErrorBanner message={error} />
        <SuccessBanner message={success} />
        <FormActions submitLabel={isSubmitting ? t("text.submitting") : t("text.submit")} isBusy={isSubmitting} />
      </form>
    </Panel>
  );
}

function DeleteButton({
  document,
  submit,
}: {
  document: KnowledgeDocument;
  /** The list's deletion mutation (`useApiSubmit`), whose failure the list shows. */
  submit: (action: () => Promise<void>) => Promise<boolean>;
}) {
  const t = useTranslations("knowledge.list");
  /** Whether the question closes: after a failure (its banner says why); a success removes the row. */
  async function remove(): Promise<boolean> {
    const isDeleted = await submit(async () => {
      await apiFetch(`/api/v1/ai/knowledge/${document.id}`, { method: "DELETE" });
    });
    return !isDeleted;
  }
  return (
    <ConfirmButton
      className="knowledge-delete"
      aria-label={t("deleteLabel", { title: document.title })}
      confirmLabel={t("confirmDelete")}
      confirmAriaLabel={t("confirmDeleteLabel", { title: document.title })}
      onConfirm={remove}
    >
      {t("delete")}
    </ConfirmButton>
  );
}

const column = createColumnHelper<KnowledgeDocument>();
const NO_DOCUMENTS: KnowledgeDocument[] = [];

function DocumentsPanel({
  documents,
  isLoading,
  loadError,
  canWrite,
  companies,
}: {
  documents: KnowledgeDocument[];
  isLoading: boolean;
  loadError: string | null;
  canWrite: boolean;
  /** An administrator's list holds every company's documents: each row names its company. */
  companies: Company[] | null;
}) {
  // A deletion reloads the list (the row goes); its failure is worded for the library, in the list's banner.
  const { error: deleteError, submit: submitDelete } = useApiSubmit(undefined, undefined, useKnowledgeSubmitOptions());
  const t = useTranslations("knowledge.list");
  const tc = useTranslations("codes");
  const f = useFormat();
  const columns = useMemo(
    () => [
      column.accessor("title", { header: t("title"), cell: (info) => <strong>{info.getValue()}</strong> }),
      ...(companies
        ? [
            column.accessor("company_id", {
              header: t("company"),
              cell: (info) => companies.find((company) => company.id === info.getValue())?.name ?? info.getValue(),
            }),
          ]
        : []),
      column.accessor("audience", {
        header: t("readers"),
        cell: (info) => (
          <Badge tone={info.getValue() === "CLIENTS" ? "ok" : "neutral"}>{tc(`audience.${info.getValue()}`)}</Badge>
        ),
      }),
      column.accessor("source", {
        header: t("source"),
        // "PDF" reads the same in every language; TEXT is worded.
        cell: (info) => (
          <Badge tone={info.getValue() === "PDF" ? "accent" : "neutral"}>
            {info.getValue() === "PDF" ? "PDF" : t("sourceText")}
          </Badge>
        ),
      }),
      column.accessor("chunk_count", { header: t("fragments"), cell: (info) => f.number(info.getValue()) }),
      column.accessor("created_at", {
        header: t("added"),
        cell: (info) => f.dateTime(info.getValue()),
      }),
      column.accessor("metadata_json", {
        header: t("metadata"),
        cell: (info) => {
          const entries = Object.entries(info.getValue());
          if (entries.length === 0) return <span className="muted">—</span>;
          return (
            <span className="knowledge-metadata">
              {entries.map(([key, value]) => (
                <code key={key}>
                  {key}: {typeof value === "string" ? value : JSON.stringify(value)}
                </code>
              ))}
            </span>
          );
        },
      }),
      ...(canWrite
        ? [
            column.display({
              id: "actions",
              header: t("actions"),
              cell: (info) => <DeleteButton document={info.row.original} submit={submitDelete} />,
            }),
          ]
        : []),
    ],
    [canWrite, submitDelete, companies, t, tc, f],
  );
  // The React Compiler is not enabled here, so nothing memoizes the table's functions; the warning does not apply.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: documents,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (document) => document.id,
  });
  return (
    <Panel title={t("panelTitle")} description={t("description")}>
      <ErrorBanner message={loadError ?? deleteError} />
      <DataTable table={table} label={t("table")} isLoading={isLoading} emptyText={t("empty")} />
    </Panel>
  );
}

const NO_COMPANIES: Company[] = [];

/**
 * The knowledge library: add PDFs and texts (knowledge:write), list them, delete them. An administrator
 * (`isAdmin`) chooses the company of each new document and sees every company's documents.
 */
export function KnowledgeLibrary({ canWrite, isAdmin }: { canWrite: boolean; isAdmin: boolean }) {
  const { data, error, isLoading } = useApiData<KnowledgeDocument[]>("/api/v1/ai/knowledge");
  const companiesData = useApiData<Company[]>(isAdmin ? "/api/v1/organizations/companies" : null);
  const companies = isAdmin ? (companiesData.data ?? NO_COMPANIES) : null;
  return (
    <>
      {canWrite ? (
        <div className="knowledge-forms">
          <UploadPdfPanel companies={companies} />
          <AddTextPanel companies={companies} />
        </div>
      ) : null}
      <DocumentsPanel
        documents={data ?? NO_DOCUMENTS}
        isLoading={isLoading}
        loadError={error ?? companiesData.error}
        canWrite={canWrite}
        companies={companies}
      />
    </>
  );
}
