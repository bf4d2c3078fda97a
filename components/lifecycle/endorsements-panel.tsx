"use client";

import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import "./lifecycle.css";
import { useMemo, useState } from "react";
import type { PolicyDetail } from "@/components/policies/types";
import { useApiData } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { Panel } from "@/components/ui/panel";
import { useFormat } from "@/components/ui/use-format";
import { EndorsementFormPanel } from "./endorsement-form";
import { policyPath } from "./types";
import type { EndorsementResponse } from "@/lib/lifecycle/schemas";

const column = createColumnHelper<EndorsementResponse>();
const names = (lives: Array<{ first_name: string; last_name: string }>) =>
  lives.map((life) => `${life.first_name} ${life.last_name}`).join(", ") || "—";

type EndorsementsPanelProps = { policy: PolicyDetail; canWrite: boolean };

/** The changes of covered lives made so far, and for those who may, a new one while the policy is ACTIVE. */
export function EndorsementsPanel({ policy, canWrite }: EndorsementsPanelProps) {
  const t = useTranslations("lifecycle.endorsements");
  const f = useFormat();
  const list = useApiData<EndorsementResponse[]>(`${policyPath(policy.id)}/endorsements`);
  const [isOpen, setIsOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const columns = useMemo(
    () => [
      column.accessor("effective_date", { header: t("date"), cell: (info) => f.date(info.getValue()) }),
      column.accessor("added", { header: t("added"), cell: (info) => names(info.getValue()) }),
      column.accessor("removed", { header: t("removed"), cell: (info) => names(info.getValue()) }),
      column.accessor("premium_after", {
        header: t("premium"),
        cell: ({ row }) =>
          `${f.money(row.original.premium_before, policy.currency)} → ${f.money(row.original.premium_after, policy.currency)}`,
      }),
      column.accessor("reason", { header: t("reasonColumn") }),
    ],
    [t, f, policy.currency],
  );
  const rows = useMemo(() => list.data ?? [], [list.data]);
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    // Only a dry run answers without an id; a listed endorsement has one.
    getRowId: (row, index) => row.id ?? String(index),
    manualPagination: true,
  });
  const canEndorse = canWrite && policy.status === "ACTIVE";

  return (
    <Panel
      title={t("title")}
      description={canEndorse ? t("description") : t("descriptionReadOnly")}
      actions={
        canEndorse && !isOpen ? (
          <Button
            variant="secondary"
            onClick={() => {
              setNotice(null);
              setIsOpen(true);
            }}
          >
            {t("change")}
          </Button>
        ) : null
      }
    >
      <SuccessBanner message={notice} />
      <ErrorBanner message={list.error} />
      {isOpen ? (
        <EndorsementFormPanel
          policy={policy}
          onDone={(message) => {
            setIsOpen(false);
            setNotice(message);
          }}
          onCancel={() => setIsOpen(false)}
        />
      ) : null}
      <DataTable table={table} label={t("table")} isLoading={list.isLoading} emptyText={t("empty")} />
    </Panel>
  );
}
