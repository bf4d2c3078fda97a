"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useMemo } from "react";
import { useForm, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { z } from "zod";
import { CompanySelect } from "@/components/companies/company-select";
import { apiFetch, useApiData } from "@/components/ui/api-client";
import { DataTable } from "@/components/ui/data-table";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { Field } from "@/components/ui/field";
import { formMessages } from "@/components/ui/form-messages";
import { Badge, Panel } from "@/components/ui/panel";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { KNOWLEDGE_AUDIENCES, type KnowledgeAudience } from "@/lib/knowledge/audience";
import { CreateTextDocumentInput, MAX_PDF_BYTES, MetadataJson } from "@/lib/knowledge/schemas";
import "./knowledge.css";
import { knowledgeErrorMessage } from "./messages";
import type { Company, KnowledgeDocument } from "./types";
import { ConfirmButton, FormActions, SelectField, TextAreaField, TextField } from "@/components/ui/form-fields";

const MAX_MB = MAX_PDF_BYTES / 1024 / 1024;

/** The metadata as typed: empty, or a JSON object (checked by the API's own schema). */
const MetadataText = z.string().superRefine((text, context) => {
  if (text.trim() === "") return;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    context.addIssue({ code: "custom", message: 'must be a JSON object, e.g. {"version": "2026"}' });
    return;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    context.addIssue({ code: "custom", message: 'must be a JSON object, e.g. {"version": "2026"}' });
  else if (!MetadataJson.safeParse(value).success)
    context.addIssue({ code: "custom", message: "must be at most 8 KB of JSON" });
});

function addedMessage(document: KnowledgeDocument): string {
  return `Added "${document.title}": ${document.chunk_count} ${document.chunk_count === 1 ? "fragment" : "fragments"}.`;
}

function metadataOf(text: string): Record<string, unknown> {
  return text.trim() === "" ? {} : (JSON.parse(text) as Record<string, unknown>);
}

// Page text in plain English for now: the message catalogs (next-intl) are being set up beside this change.
const AUDIENCE_LABELS: Record<KnowledgeAudience, string> = { STAFF: "Staff only", CLIENTS: "Staff and clients" };
const AUDIENCE_BADGES: Record<KnowledgeAudience, string> = { STAFF: "Staff", CLIENTS: "Clients" };

/**
 * Who may read the document, and whose it is. An administrator must choose the company (the API refuses
 * an administrator's document without one); anyone else adds to their own company.
 */
function placementFields(mustPickCompany: boolean) {
  return {
    audience: z.enum(KNOWLEDGE_AUDIENCES),
    company_id: mustPickCompany ? z.string().min(1, { message: "choose a company" }) : z.string(),
  };
}

const PdfForm = z.object({
  file: z
    .custom<FileList>((value) => typeof FileList !== "undefined" && value instanceof FileList && value.length === 1, {
      message: "choose a PDF file",
    })
    .refine((files) => /\.pdf$/i.test(files[0].name) || files[0].type === "application/pdf", {
      message: "must be a .pdf file",
    })
    .refine((files) => files[0].size <= MAX_PDF_BYTES, { message: `must be at most ${MAX_MB} MB` }),
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
  // The two fields every form here has; react-hook-form cannot see that through the generic.
  const field = register as unknown as UseFormRegister<{ audience: KnowledgeAudience; company_id: string }>;
  return (
    <>
      <SelectField
        id={`${idPrefix}-audience`}
        label="Who may read it"
        hint="clients read only documents for clients, through the assistant"
        error={errors.audience?.message}
        registration={field("audience")}
      >
        {KNOWLEDGE_AUDIENCES.map((audience) => (
          <option key={audience} value={audience}>
            {AUDIENCE_LABELS[audience]}
          </option>
        ))}
      </SelectField>
      {companies ? (
        <Field id={`${idPrefix}-company`} label="Company" error={errors.company_id?.message}>
          <CompanySelect
            id={`${idPrefix}-company`}
            companies={companies}
            emptyLabel="Choose a company"
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

/** Where a new document goes: on success the list reloads; failures are worded for the library. */
const ADD_OPTIONS = { invalidates: ["/api/v1/ai/knowledge"], describeError: knowledgeErrorMessage };

function UploadPdfPanel({ companies }: { companies: Company[] | null }) {
  const mustPickCompany = companies !== null;
  const schema = useMemo(() => PdfForm.extend(placementFields(mustPickCompany)), [mustPickCompany]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PdfFormInput, unknown, PdfFormOutput>({
    resolver: zodResolver(schema, { error: formMessages }),
    defaultValues: { title: "", metadata_json: "", ...PLACEMENT_DEFAULTS },
  });
  const { error, success, submit } = useApiSubmit(setError, PDF_FIELDS, ADD_OPTIONS);

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
    <Panel
      title="Upload a PDF"
      description={`A PDF with text (not a scan) of at most ${MAX_MB} MB; its text is cut into fragments the assistant searches.`}
    >
      <form className="form knowledge-form" onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Upload a PDF">
        <TextField
          id="pdf-file"
          label="PDF file"
          error={errors.file?.message}
          type="file"
          accept="application/pdf,.pdf"
          registration={register("file")}
        />
        <TextField
          id="pdf-title"
          label="Title"
          hint="defaults to the file name"
          error={errors.title?.message}
          registration={register("title")}
        />
        <TextField
          id="pdf-metadata"
          label="Metadata (JSON, optional)"
          hint='e.g. {"version": "2026", "product": "repatriation"}'
          error={errors.metadata_json?.message}
          registration={register("metadata_json")}
        />
        <PlacementFields idPrefix="pdf" register={register} errors={errors} companies={companies} />
        <ErrorBanner message={error} />
        <SuccessBanner message={success} />
        <FormActions submitLabel={isSubmitting ? "Reading and embedding…" : "Upload PDF"} isBusy={isSubmitting} />
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
    formState: { errors, isSubmitting },
  } = useForm<TextFormValues>({
    resolver: zodResolver(schema, { error: formMessages }),
    defaultValues: { title: "", content: "", metadata_json: "", ...PLACEMENT_DEFAULTS },
  });
  const { error, success, submit } = useApiSubmit(setError, TEXT_FIELDS, ADD_OPTIONS);

  async function onSubmit({ title, content, metadata_json, ...placement }: TextFormValues) {
    const body = { title, content, metadata_json: metadataOf(metadata_json), ...placementOf(placement) };
    await submit(async () => {
      const document = await apiFetch<KnowledgeDocument>("/api/v1/ai/knowledge", { method: "POST", body });
      reset();
      return addedMessage(document);
    });
  }

  return (
    <Panel title="Add a text" description="A wording, an FAQ or a procedure pasted as text.">
      <form
        className="form knowledge-form"
        onSubmit={handleSubmit(onSubmit)}
        noValidate
        aria-label="Add a text document"
      >
        <TextField id="text-title" label="Title" error={errors.title?.message} registration={register("title")} />
        <TextAreaField
          id="text-content"
          label="Text"
          error={errors.content?.message}
          registration={register("content")}
        />
        <TextField
          id="text-metadata"
          label="Metadata (JSON, optional)"
          error={errors.metadata_json?.message}
          registration={register("metadata_json")}
        />
        <PlacementFields idPrefix="text" register={register} errors={errors} companies={companies} />
        <ErrorBanner message={error} />
        <SuccessBanner message={success} />
        <FormActions submitLabel={isSubmitting ? "Embedding…" : "Add text"} isBusy={isSubmitting} />
      </form>
    </Panel>
  );
}

/** A deletion reloads the list (the row goes); its failure is worded for the library, in the list's banner. */
const DELETE_OPTIONS = { invalidates: ["/api/v1/ai/knowledge"], describeError: knowledgeErrorMessage };

function DeleteButton({
  document,
  submit,
}: {
  document: KnowledgeDocument;
  /** The list's deletion mutation (`useApiSubmit`), whose failure the list shows. */
  submit: (action: () => Promise<void>) => Promise<boolean>;
}) {
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
      aria-label={`Delete ${document.title}`}
      confirmLabel="Confirm delete"
      confirmAriaLabel={`Confirm: delete ${document.title}`}
      onConfirm={remove}
    >
      Delete
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
  const { error: deleteError, submit: submitDelete } = useApiSubmit(undefined, undefined, DELETE_OPTIONS);
  const columns = useMemo(
    () => [
      column.accessor("title", { header: "Title", cell: (info) => <strong>{info.getValue()}</strong> }),
      ...(companies
        ? [
            column.accessor("company_id", {
              header: "Company",
              cell: (info) => companies.find((company) => company.id === info.getValue())?.name ?? info.getValue(),
            }),
          ]
        : []),
      column.accessor("audience", {
        header: "Readers",
        cell: (info) => (
          <Badge tone={info.getValue() === "CLIENTS" ? "ok" : "neutral"}>{AUDIENCE_BADGES[info.getValue()]}</Badge>
        ),
      }),
      column.accessor("source", {
        header: "Source",
        cell: (info) => <Badge tone={info.getValue() === "PDF" ? "accent" : "neutral"}>{info.getValue()}</Badge>,
      }),
      column.accessor("chunk_count", { header: "Fragments", cell: (info) => info.getValue().toLocaleString("en") }),
      column.accessor("created_at", {
        header: "Added",
        cell: (info) => new Date(info.getValue()).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" }),
      }),
      column.accessor("metadata_json", {
        header: "Metadata",
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
              header: "Actions",
              cell: (info) => <DeleteButton document={info.row.original} submit={submitDelete} />,
            }),
          ]
        : []),
    ],
    [canWrite, submitDelete, companies],
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
    <Panel title="Documents" description="What the assistant answers from, newest first.">
      <ErrorBanner message={loadError ?? deleteError} />
      <DataTable
        table={table}
        label="Knowledge documents"
        isLoading={isLoading}
        emptyText="No documents yet: upload a PDF or add a text."
      />
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
