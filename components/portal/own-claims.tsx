"use client";

import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import type { OwnPolicy } from "@/components/policies/types";
import { ClaimStatusBadge } from "@/components/claims/status-badge";
import { useApiData, type Paginated } from "@/components/ui/api-client";
import { DataTable } from "@/components/ui/data-table";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Pagination } from "@/components/ui/pagination";
import { useFormat } from "@/components/ui/use-format";
import type { ClaimResponse } from "@/lib/claims/schemas";

const column = createColumnHelper<ClaimResponse>();

/** The client's claims (GET /claims/ answers a client with its own only), named by policy and person. */
export function OwnClaims({ policies }: { policies: OwnPolicy[] }) {
  const t = useTranslations("portal.claims");
  const f = useFormat();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const claims = useApiData<Paginated<ClaimResponse>>(
    `/api/v1/claims/?${new URLSearchParams({ page: String(page), page_size: String(pageSize) })}`,
  );

  const columns = useMemo(() => {
    // Claims carry ids; the portal already holds the policies and people they name.
    const numbers = new Map(policies.map((policy) => [policy.id, policy.policy_number]));
    const people = new Map(
      policies.flatMap((policy) =>
        policy.beneficiaries.map((person) => [person.id, `${person.first_name} ${person.last_name}`] as const),
      ),
    );
    return [
      column.accessor("reported_at", {
        header: t("reported"),
        cell: (info) => <time dateTime={info.getValue()}>{f.date(info.getValue())}</time>,
      }),
      column.accessor("policy_id", { header: t("policy"), cell: (info) => numbers.get(info.getValue()) ?? "—" }),
      column.accessor("beneficiary_id", { header: t("person"), cell: (info) => people.get(info.getValue()) ?? "—" }),
      // Wrapped, so the badge keeps its size in the phone layout's grid cell.
      column.accessor("status", {
        header: t("status"),
        cell: (info) => (
          <span>
            <ClaimStatusBadge status={info.getValue()} />
          </span>
        ),
      }),
      column.accessor("total_expenses", {
        header: t("expenses"),
        cell: (info) => {
          const totals = Object.entries(info.getValue());
          if (totals.length === 0) return "—";
          return totals.map(([currency, amount]) => f.money(amount, currency)).join(" + ");
        },
      }),
      column.accessor("description", { header: t("descriptionColumn") }),
    ];
  }, [policies, t, f]);

  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: claims.data?.items ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (claim) => claim.id,
    manualPagination: true,
  });
  return (
    <>
      <ErrorBanner message={claims.error} />
      <DataTable table={table} label={t("table")} isLoading={claims.isLoading} emptyText={t("empty")} />
      {claims.data && claims.data.total > claims.data.page_size ? (
        <Pagination
          page={claims.data.page}
          pageSize={claims.data.page_size}
          total={claims.data.total}
          onPageChange={setPage}
          onPageSizeChange={setPageSize}
        />
      ) : null}
    </>
  );
}
