"use client";

import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { DataTable } from "@/components/ui/data-table";
import { Badge } from "@/components/ui/panel";
import { usePremium } from "@/components/ui/premium";
import { useFormat } from "@/components/ui/use-format";
import { MarkDeceasedButton } from "./mark-deceased-button";
import { type Beneficiary } from "./types";

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
  const t = useTranslations("policies.beneficiaries");
  const tc = useTranslations("codes");
  const f = useFormat();
  const premium = usePremium();
  const columns = useMemo(
    () => [
      column.accessor((person) => `${person.first_name} ${person.last_name}`, {
        id: "name",
        header: t("name"),
        // One element per cell: on a phone a cell is a grid, and loose text beside a badge would split in two.
        cell: ({ row, getValue }) => (
          <span>
            {getValue()} {row.original.deceased_flag ? <Badge tone="danger">{t("deceased")}</Badge> : null}
          </span>
        ),
      }),
      column.accessor("kinship_type", { header: t("kinship"), cell: (info) => tc(`kinship.${info.getValue()}`) }),
      column.accessor("date_of_birth", { header: t("born"), cell: (info) => f.date(info.getValue()) }),
      column.accessor("age_at_start", { header: t("ageAtStart") }),
      column.accessor("country_of_residence", {
        header: t("livesIn"),
        cell: (info) => {
          const country = info.getValue();
          return country ? f.country(country) : t("withClient");
        },
      }),
      column.accessor("price", { header: t("price"), cell: (info) => premium(info.getValue(), currency) }),
      ...(canMarkDeceased
        ? [
            column.display({
              id: "deceased",
              header: t("claim"),
              cell: ({ row }) => (
                <span>
                  <MarkDeceasedButton beneficiary={row.original} policyId={policyId} />
                </span>
              ),
            }),
          ]
        : []),
    ],
    [t, tc, f, premium, currency, canMarkDeceased, policyId],
  );
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: beneficiaries,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (person) => person.id,
  });
  return <DataTable table={table} label={t("label")} />;
}
