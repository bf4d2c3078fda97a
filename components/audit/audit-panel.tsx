"use client";

import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useCallback, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import type { AuditEntryResponse } from "@/lib/operations/schemas";
import { emptyToUndefined, useApiData, type Paginated } from "@/components/ui/api-client";
import { ActorName } from "@/components/ui/actor-name";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { DownloadButtons } from "@/components/ui/download-buttons";
import { ErrorBanner } from "@/components/ui/error-banner";
import { TextField } from "@/components/ui/form-fields";
import { Pagination } from "@/components/ui/pagination";
import { Badge, Panel } from "@/components/ui/panel";
import { useFormat } from "@/components/ui/use-format";
import { useZodResolver } from "@/components/ui/use-zod-resolver";
import { AUDIT_ACTIONS } from "./audit-actions";

type AuditEntry = z.infer<typeof AuditEntryResponse>;

// Local rather than ListAuditQuery: the browser's date-time inputs give local times without a zone,
// which are turned into UTC instants here, where the person's time zone is known.
const AuditFilters = z.object({
  user_id: z.uuid().optional(),
  action: z.string().trim().toUpperCase().max(100).optional(),
  entity: z.string().trim().max(100).optional(),
  date_from: z.string().optional(),
  date_to: z.string().optional(),
});
type AuditFilters = z.infer<typeof AuditFilters>;

const FILTER_FIELDS = ["user_id", "action", "entity", "date_from", "date_to"] as const;

/** The filter inputs, in the order the form shows them; the action offers the known actions. */
const FILTER_INPUTS: ReadonlyArray<{
  name: (typeof FILTER_FIELDS)[number];
  id: string;
  label: "action" | "entity" | "userId" | "from" | "to";
  hint?: "entityHint";
  type?: "datetime-local";
}> = [
  { name: "action", id: "audit-action", label: "action" },
  { name: "entity", id: "audit-entity", label: "entity", hint: "entityHint" },
  { name: "user_id", id: "audit-user", label: "userId" },
  { name: "date_from", id: "audit-from", label: "from", type: "datetime-local" },
  { name: "date_to", id: "audit-to", label: "to", type: "datetime-local" },
];
const column = createColumnHelper<AuditEntry>();

/**
 * An action as a person reads it ("Client created"), from the catalog; an action added after the
 * catalog was written reads as its code.
 */
function useActionLabel() {
  const t = useTranslations("audit.actions");
  return useCallback((action: string) => (t.has(action as never) ? t(action as never) : action), [t]);
}

function useAuditColumns() {
  const t = useTranslations("audit.columns");
  const f = useFormat();
  const actionLabel = useActionLabel();
  return useMemo(
    () => [
      column.accessor("created_at", {
        header: t("when"),
        cell: (info) => <time dateTime={info.getValue()}>{f.dateTime(info.getValue())}</time>,
      }),
      // The readable name, with the code itself beside it: the code is what the filter and the API take.
      column.accessor("action", {
        header: t("action"),
        cell: (info) => {
          const action = info.getValue();
          const label = actionLabel(action);
          return (
            <>
              <Badge tone="accent">{label}</Badge>
              {label !== action ? (
                <div className="muted">
                  <code>{action}</code>
                </div>
              ) : null}
            </>
          );
        },
      }),
      // actor is who acted; user_id is whom the entry concerns (the user an administrator invited, say).
      // Both by name (docs/names.md), the second only when it is someone else.
      column.accessor("actor", {
        header: t("user"),
        cell: ({ row }) => {
          const entry = row.original;
          return (
            <>
              <ActorName label={entry.actor} name={entry.actor_name} email={entry.actor_email} />
              {entry.user_id && entry.user_id !== entry.actor && entry.user_name ? (
                <div className="muted" title={entry.user_email ?? undefined}>
                  {entry.user_name}
                </div>
              ) : null}
            </>
          );
        },
      }),
      column.accessor("entity", { header: t("entity") }),
      // The policy or claim number, or the name, of what the entry is about; an entity without one (a
      // transaction, a session) keeps its id on hover and in the downloads.
      column.accessor("entity_label", {
        header: t("entityId"),
        cell: ({ row }) => {
          const { entity_label: label, entity_id: id } = row.original;
          if (label) return label;
          return id ? <span title={id}>{t("unnamed")}</span> : "—";
        },
      }),
      column.accessor("ip_address", { header: t("ip"), cell: (info) => info.getValue() ?? "—" }),
      column.accessor("details", {
        header: t("details"),
        cell: (info) => {
          // An id alone tells a reader nothing: it stays in the API and the downloads, not on the page.
          const entries = Object.entries(info.getValue()).filter(([, value]) => !isUuid(value));
          if (entries.length === 0) return "—";
          return (
            // The details are data as the service recorded them: not for translating (translate="no").
            <dl className="details" translate="no">
              {entries.map(([key, value]) => (
                <div key={key}>
                  <dt>{key}</dt> <dd>{typeof value === "string" ? value : JSON.stringify(value)}</dd>
                </div>
              ))}
            </dl>
          );
        },
      }),
    ],
    [t, f, actionLabel],
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isUuid(value: unknown): boolean {
  return typeof value === "string" && UUID.test(value);
}

function toIsoInstant(local: string | undefined): string | undefined {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export function AuditPanel() {
  const t = useTranslations("audit");
  const actionLabel = useActionLabel();
  const columns = useAuditColumns();
  const [filters, setFilters] = useState<AuditFilters>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(50);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<AuditFilters>({ resolver: useZodResolver(AuditFilters) });

  const query = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
  for (const name of FILTER_FIELDS) {
    const value = name === "date_from" || name === "date_to" ? toIsoInstant(filters[name]) : filters[name];
    if (value) query.set(name, value);
  }
  const audit = useApiData<Paginated<AuditEntry>>(`/api/v1/audit/?${query}`);

  // The API pages the log (it can be large); the table draws one page.
  // The React Compiler is not enabled here, so nothing memoizes the table's functions; the warning does not apply.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: audit.data?.items ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (entry) => entry.id,
    manualPagination: true,
    rowCount: audit.data?.total ?? 0,
  });

  return (
    <Panel
      title={t("entries")}
      description={t("entriesDescription")}
      actions={<DownloadButtons path="/api/v1/audit/" filters={query} />}
    >
      <form
        className="form filters-grid"
        role="search"
        aria-label={t("filters")}
        noValidate
        onSubmit={handleSubmit((values) => {
          setFilters(values);
          setPage(1);
        })}
      >
        {FILTER_INPUTS.map(({ name, id, label, hint, type }) => (
          <TextField
            key={name}
            id={id}
            label={t(label)}
            hint={hint ? t(hint) : undefined}
            error={errors[name]?.message}
            type={type}
            list={name === "action" ? "audit-action-list" : undefined}
            autoComplete={type ? undefined : "off"}
            registration={register(name, { setValueAs: emptyToUndefined })}
          >
            {name === "action" ? (
              <datalist id="audit-action-list">
                {AUDIT_ACTIONS.map((action) => (
                  <option key={action} value={action} label={actionLabel(action)} />
                ))}
              </datalist>
            ) : null}
          </TextField>
        ))}
        <div className="form-actions">
          <Button type="submit">{t("apply")}</Button>
          <Button
            variant="secondary"
            onClick={() => {
              reset({});
              setFilters({});
              setPage(1);
            }}
          >
            {t("clear")}
          </Button>
          <Button variant="secondary" onClick={audit.reload} isBusy={audit.isLoading}>
            {t("refresh")}
          </Button>
        </div>
      </form>
      <ErrorBanner message={audit.error === null ? null : t("loadFailed", { detail: audit.error })} />
      <DataTable table={table} label={t("table")} isLoading={audit.isLoading} emptyText={t("empty")} />
      {audit.data ? (
        <Pagination
          page={audit.data.page}
          pageSize={audit.data.page_size}
          total={audit.data.total}
          estimated={audit.data.total_is_estimate}
          onPageChange={setPage}
          onPageSizeChange={setPageSize}
        />
      ) : null}
    </Panel>
  );
}
