"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import type { AuditEntryResponse } from "@/lib/operations/schemas";
import { emptyToUndefined, useApiData, type Paginated } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { ErrorBanner } from "@/components/ui/error-banner";
import { TextField } from "@/components/ui/form-fields";
import { Pagination } from "@/components/ui/pagination";
import { Badge, Panel } from "@/components/ui/panel";
import { AUDIT_ACTIONS } from "./audit-actions";

type AuditEntry = z.infer<typeof AuditEntryResponse>;

// Local rather than ListAuditQuery: the browser's date-time inputs give local times without a zone,
// which are turned into UTC instants here, where the person's time zone is known.
const AuditFilters = z.object({
  user_id: z.uuid({ message: "must be a user id (UUID)" }).optional(),
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
  label: string;
  hint?: string;
  type?: "datetime-local";
}> = [
  { name: "action", id: "audit-action", label: "Action" },
  { name: "entity", id: "audit-entity", label: "Entity", hint: "e.g. users, companies, zones" },
  { name: "user_id", id: "audit-user", label: "User id" },
  { name: "date_from", id: "audit-from", label: "From", type: "datetime-local" },
  { name: "date_to", id: "audit-to", label: "To", type: "datetime-local" },
];
const column = createColumnHelper<AuditEntry>();

const columns = [
  column.accessor("created_at", {
    header: "When",
    cell: (info) => <time dateTime={info.getValue()}>{new Date(info.getValue()).toLocaleString()}</time>,
  }),
  column.accessor("action", { header: "Action", cell: (info) => <Badge tone="accent">{info.getValue()}</Badge> }),
  // user_id is whom the entry concerns (the person signing in, say); actor is who acted, which for a
  // sign-in is still nobody. Both are shown when they differ.
  column.accessor("user_id", {
    header: "User / actor",
    cell: ({ row }) => {
      const { user_id: userId, actor } = row.original;
      return (
        <>
          {userId ? <code className="id">{userId}</code> : null}
          {actor !== userId ? <div className="muted">{actor}</div> : null}
        </>
      );
    },
  }),
  column.accessor("entity", { header: "Entity" }),
  column.accessor("entity_id", {
    header: "Entity id",
    cell: (info) => (info.getValue() ? <code className="id">{info.getValue()}</code> : "—"),
  }),
  column.accessor("ip_address", { header: "IP", cell: (info) => info.getValue() ?? "—" }),
  column.accessor("details", {
    header: "Details",
    cell: (info) => {
      const details = info.getValue();
      const entries = Object.entries(details);
      if (entries.length === 0) return "—";
      return (
        <dl className="details">
          {entries.map(([key, value]) => (
            <div key={key}>
              <dt>{key}</dt> <dd>{typeof value === "string" ? value : JSON.stringify(value)}</dd>
            </div>
          ))}
        </dl>
      );
    },
  }),
];

function toIsoInstant(local: string | undefined): string | undefined {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export function AuditPanel() {
  const [filters, setFilters] = useState<AuditFilters>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(50);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<AuditFilters>({ resolver: zodResolver(AuditFilters) });

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
    <Panel title="Entries" description="Newest first. Filters combine; dates are in your local time.">
      <form
        className="form filters-grid"
        role="search"
        aria-label="Audit filters"
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
            label={label}
            hint={hint}
            error={errors[name]?.message}
            type={type}
            list={name === "action" ? "audit-action-list" : undefined}
            autoComplete={type ? undefined : "off"}
            registration={register(name, { setValueAs: emptyToUndefined })}
          >
            {name === "action" ? (
              <datalist id="audit-action-list">
                {AUDIT_ACTIONS.map((action) => (
                  <option key={action} value={action} />
                ))}
              </datalist>
            ) : null}
          </TextField>
        ))}
        <div className="form-actions">
          <Button type="submit">Apply filters</Button>
          <Button
            variant="secondary"
            onClick={() => {
              reset({});
              setFilters({});
              setPage(1);
            }}
          >
            Clear
          </Button>
          <Button variant="secondary" onClick={audit.reload} isBusy={audit.isLoading}>
            Refresh
          </Button>
        </div>
      </form>
      <ErrorBanner message={audit.error} />
      <DataTable
        table={table}
        label="Audit log"
        isLoading={audit.isLoading}
        emptyText="No entry matches these filters."
      />
      {audit.data ? (
        <Pagination
          page={audit.data.page}
          pageSize={audit.data.page_size}
          total={audit.data.total}
          onPageChange={setPage}
          onPageSizeChange={setPageSize}
        />
      ) : null}
    </Panel>
  );
}
