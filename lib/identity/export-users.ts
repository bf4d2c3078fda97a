import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { EXPORT_BATCH_ROWS, exportSource } from "@/lib/exports/stream";
import { listUsers } from "./list-users";
import { UserResponse, type ListUsersQuery } from "./schemas";

/** GET /auth/users?format=: every user the list would show (roles and permissions as their count), for a file. */
export function exportUsers({ ctx, query }: { ctx: ServiceContext; query: ListUsersQuery }) {
  assertCan(ctx.actor, "users:manage");
  return exportSource("users", UserResponse, (cursor) =>
    listUsers({ ctx, query: { ...query, cursor, page_size: EXPORT_BATCH_ROWS }, batch: true }),
  );
}
