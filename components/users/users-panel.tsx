"use client";

import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useDebouncedValue } from "@/components/clients/use-debounced-value";
import { useApiData, type Paginated } from "@/components/ui/api-client";
import { DataTable } from "@/components/ui/data-table";
import { DownloadButtons } from "@/components/ui/download-buttons";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Pagination } from "@/components/ui/pagination";
import { Badge, Panel } from "@/components/ui/panel";
import { SearchBox } from "@/components/ui/search-box";
import { useFormat } from "@/components/ui/use-format";
import { AccountLinkNotice, type LinkRequest } from "./account-link-notice";
import { AssignRoleForm } from "./assign-role-form";
import { CreateUserFormPanel } from "./create-user-form";
import { RoleChips } from "./role-chips";
import { RolesList } from "./roles-list";
import { SendLinkButtons } from "./send-link-buttons";
import type { Company, Role, User } from "./types";
import { UserActiveButton } from "./user-active-button";

const column = createColumnHelper<User>();
const NO_ROLES: Role[] = [];

export function UsersPanel({
  canListCompanies,
  canReadNotifications,
}: {
  canListCompanies: boolean;
  canReadNotifications: boolean;
}) {
  const t = useTranslations("users");
  const f = useFormat();
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  // The last invitation or reset link asked for from a row, whose fate is shown above the table.
  const [linkRequest, setLinkRequest] = useState<LinkRequest | null>(null);

  const q = useDebouncedValue(search.trim());

  const query = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
  if (q) query.set("q", q);
  const users = useApiData<Paginated<User>>(`/api/v1/auth/users?${query}`);
  const roles = useApiData<Role[]>("/api/v1/auth/roles");
  const companies = useApiData<Company[]>(canListCompanies ? "/api/v1/organizations/companies" : null);
  const roleList = roles.data ?? NO_ROLES;

  const columns = useMemo(
    () => [
      column.accessor("email", {
        header: t("list.email"),
        cell: ({ row }) => (
          <>
            <div>{row.original.email}</div>
            {row.original.full_name ? <div className="muted">{row.original.full_name}</div> : null}
          </>
        ),
      }),
      column.accessor("roles", {
        header: t("list.roles"),
        cell: ({ row }) => <RoleChips user={row.original} />,
      }),
      column.accessor("is_active", {
        header: t("list.status"),
        cell: (info) =>
          info.getValue() ? (
            <Badge tone="ok">{t("list.active")}</Badge>
          ) : (
            <Badge tone="danger">{t("list.inactive")}</Badge>
          ),
      }),
      column.accessor("created_at", {
        header: t("list.created"),
        cell: (info) => f.dateTime(info.getValue()),
      }),
      column.display({
        id: "actions",
        header: t("list.actions"),
        cell: ({ row }) => (
          <div className="stack">
            <AssignRoleForm user={row.original} roles={roleList} />
            <UserActiveButton user={row.original} />
            <SendLinkButtons
              user={row.original}
              canReadNotifications={canReadNotifications}
              onRequested={setLinkRequest}
            />
          </div>
        ),
      }),
    ],
    [roleList, canReadNotifications, t, f],
  );

  // Pagination and filtering happen in the API; the table only draws the page it was given.
  // The React Compiler is not enabled here, so nothing memoizes the table's functions; the warning does not apply.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: users.data?.items ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (user) => user.id,
    manualPagination: true,
  });

  return (
    <>
      <Panel
        title={t("list.title")}
        description={t("list.description")}
        actions={<DownloadButtons path="/api/v1/auth/users" filters={query} />}
      >
        <SearchBox
          id="users-search"
          label={t("list.search")}
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        <ErrorBanner message={users.error ?? roles.error} />
        {linkRequest ? (
          <AccountLinkNotice
            key={`${linkRequest.email} ${linkRequest.template} ${linkRequest.previousId}`}
            request={linkRequest}
            canReadNotifications={canReadNotifications}
          />
        ) : null}
        <DataTable table={table} label={t("list.table")} isLoading={users.isLoading} emptyText={t("list.empty")} />
        {users.data ? (
          <Pagination
            page={users.data.page}
            pageSize={users.data.page_size}
            total={users.data.total}
            estimated={users.data.total_is_estimate}
            onPageChange={setPage}
            onPageSizeChange={setPageSize}
          />
        ) : null}
      </Panel>
      <Panel title={t("create.title")} description={t("create.description")}>
        {roles.data ? (
          <CreateUserFormPanel
            roles={roles.data}
            companies={companies.data}
            canReadNotifications={canReadNotifications}
          />
        ) : (
          <p className="muted">{t("roles.loading")}</p>
        )}
      </Panel>
      <Panel title={t("roles.title")} description={t("roles.description")}>
        <RolesList roles={roleList} />
      </Panel>
    </>
  );
}
