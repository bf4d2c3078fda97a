"use client";

import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useMemo } from "react";
import { DataTable } from "@/components/ui/data-table";
import { Badge } from "@/components/ui/panel";
import { MarkDeceasedButton } from "./mark-deceased-button";
import { type Beneficiary } from "./types";
import { KINSHIP_LABELS } from "@/lib/emission/labels";

const column = createColumnHelper<Beneficiary>();

type BeneficiariesTableProps = {
  beneficiaries: Beneficiary[];
  currency: string;
  /** Administrators (beneficiaries:mark_deceased) get the action on each row. */
  canMarkDeceased: boolean;
  /** The policy the people belong to: a marking reloads it. */
  policyId: string;
};

export function BeneficiariesTable({ beneficiaries, currency, canMarkDeceased, policyId }: BeneficiariesTableProps) {
  const columns = useMemo(
    () => [
      column.accessor((person) => `${person.first_name} ${person.last_name}`, {
        id: "name",
        header: "Name",
        // One element per cell: on a phone a cell is a grid, and loose text beside a badge would split in two.
        cell: ({ row, getValue }) => (
          <span>
            {getValue()} {row.original.deceased_flag ? <Badge tone="danger">deceased</Badge> : null}
          </span>
        ),
      }),
      column.accessor("kinship_type", { header: "Kinship", cell: (info) => KINSHIP_LABELS[info.getValue()] }),
      column.accessor("date_of_birth", { header: "Born" }),
      column.accessor("age_at_start", { header: "Age at start" }),
      column.accessor("country_of_residence", {
        header: "Lives in",
        cell: (info) => info.getValue() ?? "with the client",
      }),
      column.accessor("price", { header: "Price", cell: (info) => `${info.getValue()} ${currency}` }),
      ...(canMarkDeceased
        ? [
            column.display({
              id: "deceased",
              header: "Claim",
              cell: ({ row }) => (
                <span>
                  <MarkDeceasedButton beneficiary={row.original} policyId={policyId} />
                </span>
              ),
            }),
          ]
        : []),
    ],
    [currency, canMarkDeceased, policyId],
  );
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: beneficiaries,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (person) => person.id,
  });
  return <DataTable table={table} label="Beneficiaries" />;
}
