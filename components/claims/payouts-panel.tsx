"use client";

import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { DataTable } from "@/components/ui/data-table";
import { Badge, Panel } from "@/components/ui/panel";
import { useFormat } from "@/components/ui/use-format";
import { money } from "@/lib/money";
import { payoutBalance } from "./claim-blockers";
import { CorrectedAmount, useLineCorrection } from "./line-correction";
import { PayoutForm } from "./payout-form";
import type { Claim, ClaimPayout } from "./types";

const column = createColumnHelper<ClaimPayout>();

/** The deadline of an approved claim, red once it has passed. */
export function OverdueBadge() {
  const t = useTranslations("claims.payouts");
  return <Badge tone="danger">{t("overdue")}</Badge>;
}

/**
 * What the claim paid out: the payouts, paid against expenses per currency, the deadline to settle
 * (approved_at + the settlement days), the form to record a payout while the claim is APPROVED, and the
 * correction of a payout's amount until the claim is CLOSED.
 */
export function PayoutsPanel({ claim, canManage }: { claim: Claim; canManage: boolean }) {
  const t = useTranslations("claims.payouts");
  const tc = useTranslations("codes");
  const f = useFormat();
  const correction = useLineCorrection({ claim, lines: claim.payouts, kind: "payouts", canManage });
  const columns = useMemo(
    () => [
      column.accessor("created_at", {
        header: t("recorded"),
        cell: (info) => <time dateTime={info.getValue()}>{f.dateTime(info.getValue())}</time>,
      }),
      column.accessor("payee_name", {
        header: t("payee"),
        cell: ({ row }) => `${row.original.payee_name} (${tc(`payeeType.${row.original.payee_type}`)})`,
      }),
      column.accessor("amount", { header: t("amount"), cell: ({ row }) => <CorrectedAmount line={row.original} /> }),
      column.accessor("method", { header: t("method"), cell: (info) => tc(`payoutMethod.${info.getValue()}`) }),
      column.accessor("reference", {
        header: t("reference"),
        cell: (info) => info.getValue() ?? <span className="muted">{t("none")}</span>,
      }),
      ...correction.columns,
    ],
    [t, tc, f, correction.columns],
  );
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: claim.payouts,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (payout) => payout.id,
  });
  const balance = payoutBalance(claim);
  const owing = balance.find((row) => money(row.left).gt(0));
  return (
    <Panel title={t("title")} description={t("description")}>
      {claim.approved_at ? (
        <dl className="facts claim-facts">
          <dt>{t("approvedAt")}</dt>
          <dd>
            <time dateTime={claim.approved_at}>{f.dateTime(claim.approved_at)}</time>
          </dd>
          {claim.settle_by ? (
            <>
              <dt>{t("settleBy")}</dt>
              <dd>
                <time dateTime={claim.settle_by}>{f.dateTime(claim.settle_by)}</time>{" "}
                {claim.is_overdue ? <OverdueBadge /> : null}
              </dd>
            </>
          ) : null}
        </dl>
      ) : claim.status === "PENDING" || claim.status === "IN_REVIEW" ? (
        <p className="muted">{t("notApproved")}</p>
      ) : null}
      <DataTable table={table} label={t("table")} emptyText={t("empty")} />
      {correction.form}
      <table className="claim-balance" aria-label={t("balance")}>
        <thead>
          <tr>
            <th scope="col">{t("currency")}</th>
            <th scope="col">{t("expenses")}</th>
            <th scope="col">{t("paid")}</th>
            <th scope="col">{t("left")}</th>
          </tr>
        </thead>
        <tbody>
          {balance.length === 0 ? (
            <tr>
              <td colSpan={4} className="muted">
                {t("noExpenses")}
              </td>
            </tr>
          ) : (
            balance.map((row) => (
              <tr key={row.currency}>
                <th scope="row">{row.currency}</th>
                <td>{f.money(row.expenses, row.currency)}</td>
                <td>{f.money(row.paid, row.currency)}</td>
                <td>{f.money(row.left, row.currency)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      {canManage && claim.status === "APPROVED" ? (
        <div className="claim-expense-form">
          <h3>{t("record")}</h3>
          <PayoutForm claimId={claim.id} suggested={owing ? { amount: owing.left, currency: owing.currency } : null} />
        </div>
      ) : null}
    </Panel>
  );
}
