"use client";

import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import type { Client } from "@/components/clients/types";
import { useApiData, type Paginated } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { DownloadButtons } from "@/components/ui/download-buttons";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Badge, Panel } from "@/components/ui/panel";
import { useFormat } from "@/components/ui/use-format";
import { useLoadError } from "./payment-errors";
import type { Notification } from "./types";
import { useProfile } from "./use-profile";

const column = createColumnHelper<Notification>();
const TONES: Record<Notification["status"], "neutral" | "accent" | "ok" | "danger"> = {
  PENDING: "accent",
  SENT: "ok",
  FAILED: "danger",
  SKIPPED: "neutral",
};

/**
 * What the client was told (GET /notifications?recipient=<the client's e-mail>), newest first: payment
 * failures and reminders are written by background work, so staff check here that the client heard.
 */
export function ClientNotifications({ clientId }: { clientId: string }) {
  const t = useTranslations("payments.notifications");
  const tc = useTranslations("codes");
  const f = useFormat();
  const loadError = useLoadError();
  const { can } = useProfile();
  const isAllowed = can("notifications:read");
  const client = useApiData<Client>(isAllowed ? `/api/v1/emission/clients/${clientId}` : null);
  const email = client.data?.email;
  const notifications = useApiData<Paginated<Notification>>(
    email ? `/api/v1/notifications?${new URLSearchParams({ recipient: email, page_size: "20" })}` : null,
  );

  const items = useMemo(() => notifications.data?.items ?? [], [notifications.data]);
  const columns = useMemo(
    () => [
      column.accessor("created_at", {
        header: t("written"),
        cell: (info) => <time dateTime={info.getValue()}>{f.dateTime(info.getValue())}</time>,
      }),
      column.accessor("template", { header: t("notice"), cell: (info) => <code>{info.getValue()}</code> }),
      column.accessor("channel", {
        header: t("channel"),
        cell: (info) => tc(`notificationChannel.${info.getValue()}`),
      }),
      column.accessor("status", {
        header: t("delivery"),
        // SKIPPED says the channel has no provider configured: the notice is recorded, not lost.
        cell: ({ row }) => (
          <span className="transaction-status">
            <Badge tone={TONES[row.original.status]}>{tc(`notificationStatus.${row.original.status}`)}</Badge>
            {row.original.error ? <span className="muted">{row.original.error}</span> : null}
          </span>
        ),
      }),
    ],
    [t, tc, f],
  );
  // A stable data array and manualPagination: otherwise every new array resets the page index, a state
  // change that renders a new array again (TanStack's auto-reset), and the page freezes.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: items,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.id,
    manualPagination: true,
  });

  if (!isAllowed) return null;
  return (
    <Panel
      title={t("title")}
      description={email ? t("descriptionFor", { email }) : t("description")}
      actions={
        <>
          {email ? <DownloadButtons path="/api/v1/notifications" filters={{ recipient: email }} /> : null}
          <Button variant="secondary" onClick={notifications.reload} isBusy={notifications.isLoading}>
            {t("refresh")}
          </Button>
        </>
      }
    >
      <ErrorBanner message={loadError(client.error ?? notifications.error)} />
      <DataTable
        table={table}
        label={t("table")}
        isLoading={notifications.isLoading || client.isLoading}
        emptyText={t("empty")}
      />
    </Panel>
  );
}
