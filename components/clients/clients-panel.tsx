"use client";

import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import Link from "next/link";
import { useMemo, useState } from "react";
import type { Country } from "@/components/catalog/types";
import { useApiData, type Paginated } from "@/components/ui/api-client";
import { DataTable } from "@/components/ui/data-table";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Pagination } from "@/components/ui/pagination";
import { Panel } from "@/components/ui/panel";
import { CreateClientFormPanel } from "./create-client-form";
import { clientName, type Client } from "./types";
import { useDebouncedValue } from "./use-debounced-value";

const column = createColumnHelper<Client>();

function columnsFor(canIssue: boolean) {
  return [
    column.accessor((client) => clientName(client), { id: "name", header: "Name" }),
    column.accessor("email", { header: "E-mail" }),
    column.accessor("birth_date", { header: "Born" }),
    column.accessor("nationality", { header: "Nationality" }),
    column.accessor("country_of_residence", { header: "Lives in" }),
    column.accessor("acquisition_channel", { header: "Channel", cell: (info) => info.getValue() ?? "—" }),
    column.display({
      id: "links",
      header: "Policies",
      cell: ({ row }) => (
        <span className="row-links">
          <Link href={`/policies?client=${row.original.id}`} aria-label={`Policies of ${clientName(row.original)}`}>
            Policies
          </Link>
          {canIssue ? (
            <Link
              href={`/policies/new?client=${row.original.id}`}
              aria-label={`Issue a policy for ${clientName(row.original)}`}
            >
              Issue
            </Link>
          ) : null}
        </span>
      ),
    }),
  ];
}

/** The clients in the seller's scope, searched by the start of a name or e-mail, and the form for a new one. */
export function ClientsPanel({ canWrite }: { canWrite: boolean }) {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const q = useDebouncedValue(search.trim());

  const query = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
  if (q) query.set("q", q);
  const clients = useApiData<Paginated<Client>>(`/api/v1/emission/clients?${query}`);
  const countries = useApiData<Country[]>(canWrite ? "/api/v1/geography/countries" : null);
  const columns = useMemo(() => columnsFor(canWrite), [canWrite]);

  // Pagination and search happen in the API; the table only draws the page it was given.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: clients.data?.items ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (client) => client.id,
    manualPagination: true,
  });

  return (
    <>
      <Panel
        title="Clients"
        description="Newest first. Search by the start of a first name, last name or e-mail."
        actions={canWrite ? <a href="#new-client">New client</a> : undefined}
      >
        <div className="filters" role="search">
          <label htmlFor="clients-search">Search</label>
          <input
            id="clients-search"
            type="search"
            value={search}
            autoComplete="off"
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </div>
        <ErrorBanner message={clients.error} />
        <DataTable
          table={table}
          label="Clients"
          isLoading={clients.isLoading}
          emptyText={q ? "No client matches." : "No client yet."}
        />
        {clients.data ? (
          <Pagination
            page={clients.data.page}
            pageSize={clients.data.page_size}
            total={clients.data.total}
            onPageChange={setPage}
            onPageSizeChange={setPageSize}
          />
        ) : null}
      </Panel>
      {canWrite ? (
        <div id="new-client">
          <Panel
            title="New client"
            description="The insured holder. The e-mail is also how the client signs in to the portal."
          >
            <ErrorBanner message={countries.error} />
            <CreateClientFormPanel countries={countries.data} isLoadingCountries={countries.isLoading} />
          </Panel>
        </div>
      ) : null}
    </>
  );
}
