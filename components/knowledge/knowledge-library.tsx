"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { apiFetch, ApiError, useApiData } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { Field } from "@/components/ui/field";
import { formMessages } from "@/components/ui/form-messages";
import { Badge, Panel } from "@/components/ui/panel";
import { CreateTextDocumentInput, MAX_PDF_BYTES, MetadataJson } from "@/lib/knowledge/schemas";
import "./knowledge.css";
import { knowledgeErrorMessage } from "./messages";
import type { KnowledgeDocument } from "./types";

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
  if (typeof value !== "object" || value === null || Array.isArray(value)) context.addIssue({ code: "custom", message: 'must be a JSON object, e.g. {"version": "2026"}' });
  else if (!MetadataJson.safeParse(value).success) context.addIssue({ code: "custom", message: "must be at most 8 KB of JSON" });
});

function addedMessage(document: KnowledgeDocument): string {
  return `Added "${document.title}": ${document.chunk_count} ${document.chunk_count === 1 ? "fragment" : "fragments"}.`;
}

function metadataOf(text: string): Record<string, unknown> {
  return text.trim() === "" ? {} : (JSON.parse(text) as Record<string, unknown>);
}

const PdfForm = z.object({
  file: z
    .custom<FileList>((value) => typeof FileList !== "undefined" && value instanceof FileList && value.length === 1, { message: "choose a PDF file" })
    .refine((files) => /\.pdf$/i.test(files[0].name) || files[0].type === "application/pdf", { message: "must be a .pdf file" })
    .refine((files) => files[0].size <= MAX_PDF_BYTES, { message: `must be at most ${MAX_MB} MB` }),
  title: z.string().max(255),
  metadata_json: MetadataText,
});
type PdfFormInput = z.input<typeof PdfForm>;
type PdfFormOutput = z.output<typeof PdfForm>;

const TextForm = CreateTextDocumentInput.pick({ title: true, content: true }).extend({ metadata_json: MetadataText });
type TextFormValues = z.infer<typeof TextForm>;

const PDF_FIELDS = ["file", "title", "metadata_json"] as const;
const TEXT_FIELDS = ["title", "content", "metadata_json"] as const;

/**
 * Sends one new document: on success the form is cleared and the list reloaded with a banner saying what
 * was added; on failure the API's field errors go next to their fields and the banner says the rest.
 */
function useAddDocument<F extends string>({
  fields,
  setError,
  reset,
  onAdded,
}: {
  fields: readonly F[];
  setError: (field: F, error: { type: string; message: string }) => void;
  reset: () => void;
  onAdded: () => void;
}) {
  const [state, setState] = useState<{ error: string | null; success: string | null }>({ error: null, success: null });
  async function add(request: () => Promise<KnowledgeDocument>): Promise<void> {
    setState({ error: null, success: null });
    try {
      const document = await request();
      setState({ error: null, success: addedMessage(document) });
      reset();
      onAdded();
    } catch (caught) {
      if (caught instanceof ApiError) {
        for (const { path, message } of caught.errors) if ((fields as readonly string[]).includes(path)) setError(path as F, { type: "server", message });
      }
      setState({ error: knowledgeErrorMessage(caught), success: null });
    }
  }
  return { ...state, add };
}

function UploadPdfPanel({ onAdded }: { onAdded: () => void }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PdfFormInput, unknown, PdfFormOutput>({ resolver: zodResolver(PdfForm, { error: formMessages }), defaultValues: { title: "", metadata_json: "" } });
  const { error, success, add } = useAddDocument({ fields: PDF_FIELDS, setError, reset, onAdded });

  async function onSubmit({ file, title, metadata_json }: PdfFormOutput) {
    const body = new FormData();
    body.set("file", file[0]);
    if (title.trim()) body.set("title", title.trim());
    if (metadata_json.trim()) body.set("metadata_json", JSON.stringify(metadataOf(metadata_json)));
    await add(() => apiFetch<KnowledgeDocument>("/api/v1/ai/knowledge/upload", { method: "POST", body }));
  }

  return (
    <Panel title="Upload a PDF" description={`A PDF with text (not a scan) of at most ${MAX_MB} MB; its text is cut into fragments the assistant searches.`}>
      <form className="form knowledge-form" onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Upload a PDF">
        <Field id="pdf-file" label="PDF file" error={errors.file?.message}>
          <input id="pdf-file" type="file" accept="application/pdf,.pdf" aria-invalid={Boolean(errors.file)} {...register("file")} />
        </Field>
        <Field id="pdf-title" label="Title" hint="defaults to the file name" error={errors.title?.message}>
          <input id="pdf-title" aria-invalid={Boolean(errors.title)} {...register("title")} />
        </Field>
        <Field id="pdf-metadata" label="Metadata (JSON, optional)" hint='e.g. {"version": "2026", "product": "repatriation"}' error={errors.metadata_json?.message}>
          <input id="pdf-metadata" aria-invalid={Boolean(errors.metadata_json)} {...register("metadata_json")} />
        </Field>
        <ErrorBanner message={error} />
        <SuccessBanner message={success} />
        <div className="form-actions">
          <Button type="submit" isBusy={isSubmitting}>
            {isSubmitting ? "Reading and embedding…" : "Upload PDF"}
          </Button>
        </div>
      </form>
    </Panel>
  );
}

function AddTextPanel({ onAdded }: { onAdded: () => void }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TextFormValues>({ resolver: zodResolver(TextForm, { error: formMessages }), defaultValues: { title: "", content: "", metadata_json: "" } });
  const { error, success, add } = useAddDocument({ fields: TEXT_FIELDS, setError, reset, onAdded });

  async function onSubmit({ title, content, metadata_json }: TextFormValues) {
    await add(() => apiFetch<KnowledgeDocument>("/api/v1/ai/knowledge", { method: "POST", body: { title, content, metadata_json: metadataOf(metadata_json) } }));
  }

  return (
    <Panel title="Add a text" description="A wording, an FAQ or a procedure pasted as text.">
      <form className="form knowledge-form" onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Add a text document">
        <Field id="text-title" label="Title" error={errors.title?.message}>
          <input id="text-title" aria-invalid={Boolean(errors.title)} {...register("title")} />
        </Field>
        <Field id="text-content" label="Text" error={errors.content?.message}>
          <textarea id="text-content" aria-invalid={Boolean(errors.content)} {...register("content")} />
        </Field>
        <Field id="text-metadata" label="Metadata (JSON, optional)" error={errors.metadata_json?.message}>
          <input id="text-metadata" aria-invalid={Boolean(errors.metadata_json)} {...register("metadata_json")} />
        </Field>
        <ErrorBanner message={error} />
        <SuccessBanner message={success} />
        <div className="form-actions">
          <Button type="submit" isBusy={isSubmitting}>
            {isSubmitting ? "Embedding…" : "Add text"}
          </Button>
        </div>
      </form>
    </Panel>
  );
}

function DeleteButton({ document, onDeleted, onError }: { document: KnowledgeDocument; onDeleted: () => void; onError: (message: string) => void }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  async function remove() {
    setIsBusy(true);
    try {
      await apiFetch(`/api/v1/ai/knowledge/${document.id}`, { method: "DELETE" });
      onDeleted();
    } catch (caught) {
      onError(knowledgeErrorMessage(caught));
      setIsConfirming(false);
    } finally {
      setIsBusy(false);
    }
  }
  if (!isConfirming) {
    return (
      <Button variant="danger" onClick={() => setIsConfirming(true)} aria-label={`Delete ${document.title}`}>
        Delete
      </Button>
    );
  }
  return (
    <span className="knowledge-delete">
      <Button variant="danger" onClick={remove} isBusy={isBusy} aria-label={`Confirm: delete ${document.title}`}>
        Confirm delete
      </Button>
      <Button variant="secondary" onClick={() => setIsConfirming(false)} disabled={isBusy}>
        Cancel
      </Button>
    </span>
  );
}

const column = createColumnHelper<KnowledgeDocument>();
const NO_DOCUMENTS: KnowledgeDocument[] = [];

function DocumentsPanel({ documents, isLoading, loadError, canWrite, reload }: { documents: KnowledgeDocument[]; isLoading: boolean; loadError: string | null; canWrite: boolean; reload: () => void }) {
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const columns = useMemo(
    () => [
      column.accessor("title", { header: "Title", cell: (info) => <strong>{info.getValue()}</strong> }),
      column.accessor("source", { header: "Source", cell: (info) => <Badge tone={info.getValue() === "PDF" ? "accent" : "neutral"}>{info.getValue()}</Badge> }),
      column.accessor("chunk_count", { header: "Fragments", cell: (info) => info.getValue().toLocaleString("en") }),
      column.accessor("created_at", { header: "Added", cell: (info) => new Date(info.getValue()).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" }) }),
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
              cell: (info) => (
                <DeleteButton
                  document={info.row.original}
                  onError={setDeleteError}
                  onDeleted={() => {
                    setDeleteError(null);
                    reload();
                  }}
                />
              ),
            }),
          ]
        : []),
    ],
    [canWrite, reload],
  );
  // The React Compiler is not enabled here, so nothing memoizes the table's functions; the warning does not apply.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({ data: documents, columns, getCoreRowModel: getCoreRowModel(), getRowId: (document) => document.id });
  return (
    <Panel title="Documents" description="What the assistant answers from, newest first.">
      <ErrorBanner message={loadError ?? deleteError} />
      <DataTable table={table} label="Knowledge documents" isLoading={isLoading} emptyText="No documents yet: upload a PDF or add a text." />
    </Panel>
  );
}

/** The knowledge library: add PDFs and texts (knowledge:write), list them, delete them. */
export function KnowledgeLibrary({ canWrite }: { canWrite: boolean }) {
  const { data, error, isLoading, reload } = useApiData<KnowledgeDocument[]>("/api/v1/ai/knowledge");
  return (
    <>
      {canWrite ? (
        <div className="knowledge-forms">
          <UploadPdfPanel onAdded={reload} />
          <AddTextPanel onAdded={reload} />
        </div>
      ) : null}
      <DocumentsPanel documents={data ?? NO_DOCUMENTS} isLoading={isLoading} loadError={error} canWrite={canWrite} reload={reload} />
    </>
  );
}
