"use client";

import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { useApiData, type Paginated } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Pagination } from "@/components/ui/pagination";
import { Badge, Panel } from "@/components/ui/panel";
import { AssignRoleForm } from "./assign-role-form";
import { CreateUserFormPanel } from "./create-user-form";
import { RolesList } from "./roles-list";
import type { Company, Role, User } from "./types";

const column = createColumnHelper<User>();
const NO_ROLES: Role[] = [];

export function UsersPanel({ canListCompanies }: { canListCompanies: boolean }) {
  const [emailDraft, setEmailDraft] = useState("");
  const [email, setEmail] = useState("");
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);

  const query = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
  if (email) query.set("email", email);
  const users = useApiData<Paginated<User>>(`/api/v1/auth/users?${query}`);
  const roles = useApiData<Role[]>("/api/v1/auth/roles");
  const companies = useApiData<Company[]>(canListCompanies ? "/api/v1/organizations/companies" : null);
  const roleList = roles.data ?? NO_ROLES;
  const reloadUsers = users.reload;

  const columns = useMemo(
    () => [
      column.accessor("email", { header: "E-mail" }),
      column.accessor("full_name", { header: "Name", cell: (info) => info.getValue() ?? "—" }),
      column.accessor("roles", {
        header: "Roles",
        cell: (info) => (
          <span className="chips">
            {info.getValue().length === 0 ? <span className="muted">none</span> : null}
            {info.getValue().map((role) => (
              <Badge key={role.id} tone="accent">
                {role.name}
              </Badge>
            ))}
          </span>
        ),
      }),
      column.accessor("is_active", {
        header: "Status",
        cell: (info) => (info.getValue() ? <Badge tone="ok">active</Badge> : <Badge tone="danger">inactive</Badge>),
      }),
      column.accessor("created_at", { header: "Created", cell: (info) => new Date(info.getValue()).toLocaleString() }),
      column.display({
        id: "assign",
        header: "Assign a role",
        cell: ({ row }) => <AssignRoleForm user={row.original} roles={roleList} onAssigned={reloadUsers} />,
      }),
    ],
    [roleList, reloadUsers],
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
      <Panel title="Users" description="Newest first. Filter by part of the e-mail.">
        <form
          className="filters"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            setEmail(emailDraft.trim());
            setPage(1);
          }}
        >
          <label htmlFor="users-email-filter">E-mail contains</label>
          <input id="users-email-filter" type="search" value={emailDraft} onChange={(event) => setEmailDraft(event.target.value)} />
          <Button type="submit" variant="secondary">
            Filter
          </Button>
        </form>
        <ErrorBanner message={users.error ?? roles.error} />
        <DataTable table={table} label="Users" isLoading={users.isLoading} emptyText="No user matches." />
        {users.data ? (
          <Pagination
            page={users.data.page}
            pageSize={users.data.page_size}
            total={users.data.total}
            onPageChange={setPage}
            onPageSizeChange={setPageSize}
          />
        ) : null}
      </Panel>
      <Panel title="Create a user" description="New users sign in with this e-mail and password.">
        {roles.data ? (
          <CreateUserFormPanel roles={roles.data} companies={companies.data} onCreated={reloadUsers} />
        ) : (
          <p className="muted">Loading roles…</p>
        )}
      </Panel>
      <Panel title="Roles" description="What each role allows.">
        <RolesList roles={roleList} />
      </Panel>
    </>
  );
}
