"use client";

import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import "./lifecycle.css";
import { useMemo } from "react";
import type { PolicyDetail } from "@/components/policies/types";
import { useApiData } from "@/components/ui/api-client";
import { DataTable } from "@/components/ui/data-table";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Panel } from "@/components/ui/panel";
import { useFormat } from "@/components/ui/use-format";
import { policyPath } from "./types";
import type { AccountEntryResponse, AccountResponse } from "@/lib/emission/account/schemas";

const column = createColumnHelper<AccountEntryResponse>();

/**
 * The policy's account (lifecycle.md section 3): how far premiums cover it, what is owed and the
 * money moves behind that; with the lapse and reinstatement dates and a cancellation waiting for the
 * end of the paid period, which all follow from the same premiums.
 */
export function PolicyAccountPanel({ policy }: { policy: PolicyDetail }) {
  const t = useTranslations("lifecycle.account");
  const f = useFormat();
  const account = useApiData<AccountResponse>(`${policyPath(policy.id)}/account`);
  const columns = useMemo(
    () => [
      column.accessor("date", { header: t("date"), cell: (info) => f.date(info.getValue()) }),
      column.accessor("kind", { header: t("kind"), cell: (info) => t(`kinds.${info.getValue()}`) }),
      column.accessor("amount", {
        header: t("amount"),
        cell: (info) => f.money(info.getValue(), account.data?.currency ?? policy.currency),
      }),
      column.accessor("reference", { header: t("reference"), cell: (info) => info.getValue() ?? "—" }),
    ],
    [t, f, account.data?.currency, policy.currency],
  );
  const entries = useMemo(() => account.data?.entries ?? [], [account.data]);
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({ data: entries, columns, getCoreRowModel: getCoreRowModel(), manualPagination: true });
  const data = account.data;
  const money = (amount: string) => f.money(amount, data?.currency ?? policy.currency);

  return (
    <Panel title={t("title")} description={t("description")}>
      <ErrorBanner message={account.error} />
      {data ? (
        <div className="policy-summary lifecycle-facts">
          <dl className="facts" aria-label={t("standing")}>
            <dt>{t("paidTo")}</dt>
            <dd>{data.paid_to_date ? f.date(data.paid_to_date) : t("nothingPaid")}</dd>
            <dt>{t("nextDue")}</dt>
            <dd>{f.date(data.next_due_date)}</dd>
            <dt>{t("arrears")}</dt>
            <dd>{money(data.arrears_amount)}</dd>
            <dt>{t("credit")}</dt>
            <dd>{money(data.credit)}</dd>
            {data.grace_ends_on ? (
              <>
                <dt>{t("graceEnds")}</dt>
                <dd>{f.date(data.grace_ends_on)}</dd>
              </>
            ) : null}
          </dl>
          <dl className="facts" aria-label={t("events")}>
            <dt>{t("term")}</dt>
            <dd>
              {t("termValue", {
                number: policy.term_number,
                start: f.date(policy.term_start_date),
                end: f.date(policy.end_date),
              })}
            </dd>
            {policy.lapsed_on ? (
              <>
                <dt>{t("lapsedOn")}</dt>
                <dd>{f.date(policy.lapsed_on)}</dd>
                <dt>{t("reinstatableUntil")}</dt>
                <dd>{policy.reinstatable_until ? f.date(policy.reinstatable_until) : t("windowClosed")}</dd>
              </>
            ) : null}
            {policy.reinstated_on ? (
              <>
                <dt>{t("reinstatedOn")}</dt>
                <dd>{f.date(policy.reinstated_on)}</dd>
              </>
            ) : null}
            {policy.cancel_at ? (
              <>
                <dt>{t("cancelAt")}</dt>
                <dd>{t("cancelAtValue", { date: f.date(policy.cancel_at) })}</dd>
              </>
            ) : null}
          </dl>
        </div>
      ) : null}
      <DataTable table={table} label={t("entries")} isLoading={account.isLoading} emptyText={t("noEntries")} />
    </Panel>
  );
}
