"use client";

import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useMemo } from "react";
import type { Client } from "@/components/clients/types";
import { useApiData, type Paginated } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Badge, Panel } from "@/components/ui/panel";
import type { Notification } from "./types";
import { useProfile } from "./use-profile";

const column = createColumnHelper<Notification>();
const TONES: Record<Notification["status"], "neutral" | "accent" | "ok" | "danger"> = {
  PENDING: "accent",
  SENT: "ok",
  FAILED: "danger",
  SKIPPED: "neutral",
};
const columns = [
  column.accessor("created_at", {
    header: "Written",
    cell: (info) => <time dateTime={info.getValue()}>{new Date(info.getValue()).toLocaleString()}</time>,
  }),
  column.accessor("template", { header: "Notice", cell: (info) => <code>{info.getValue()}</code> }),
  column.accessor("channel", { header: "Channel", cell: (info) => info.getValue().toLowerCase() }),
  column.accessor("status", {
    header: "Delivery",
    // SKIPPED says the channel has no provider configured: the notice is recorded, not lost.
    cell: ({ row }) => (
      <span className="transaction-status">
        <Badge tone={TONES[row.original.status]}>{row.original.status.toLowerCase()}</Badge>
        {row.original.error ? <span className="muted">{row.original.error}</span> : null}
      </span>
    ),
  }),
];

/**
 * What the client was told (GET /notifications?recipient=<the client's e-mail>), newest first: payment
 * failures and reminders are written by background work, so staff check here that the client heard.
 */
export function ClientNotifications({ clientId }: { clientId: string }) {
  const { can } = useProfile();
  const isAllowed = can("notifications:read");
  const client = useApiData<Client>(isAllowed ? `/api/v1/emission/clients/${clientId}` : null);
  const email = client.data?.email;
  const notifications = useApiData<Paginated<Notification>>(
    email ? `/api/v1/notifications?${new URLSearchParams({ recipient: email, page_size: "20" })}` : null,
  );

  const items = useMemo(() => notifications.data?.items ?? [], [notifications.data]);
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
      title="Notifications to the client"
      description={email ? `The latest notices sent to ${email}.` : "The latest notices sent to the client."}
      actions={
        <Button variant="secondary" onClick={notifications.reload} isBusy={notifications.isLoading}>
          Refresh
        </Button>
      }
    >
      <ErrorBanner message={client.error ?? notifications.error} />
      <DataTable
        table={table}
        label="Notifications to the client"
        isLoading={notifications.isLoading || client.isLoading}
        emptyText="No notice yet."
      />
    </Panel>
  );
}
