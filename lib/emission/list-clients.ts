import { and, count, desc, ilike, or, sql } from "drizzle-orm";
import { escapeLike } from "@/db/like";
import { clients } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { keysetOf, pagingOf } from "@/lib/paging";
import { toClientResponse, visibleClients } from "./internal";

/**
 * GET /emission/clients: newest first, optionally matching the start of a name or e-mail; by page or by
 * cursor (lib/paging.ts). `batch` is one read of an export (export-clients.ts): no total.
 */
export async function listClients({
  ctx,
  query,
  batch,
}: {
  ctx: ServiceContext;
  query: { q?: string; page: number; page_size: number; cursor?: string };
  batch?: boolean;
}) {
  assertCan(ctx.actor, "emission:read");
  const search = query.q ? `${escapeLike(query.q)}%` : null;
  const where = and(
    visibleClients(ctx.actor),
    search
      ? or(
          ilike(clients.firstName, search),
          ilike(clients.lastName, search),
          ilike(clients.email, search),
          ilike(sql`${clients.firstName} || ' ' || ${clients.lastName}`, search),
        )
      : undefined,
  );
  const paging = pagingOf("clients", query, { batch });
  const [rows, total] = await Promise.all([
    ctx.db
      .select({ client: clients, keyset: keysetOf(clients) })
      .from(clients)
      .where(and(where, paging.after(clients)))
      .orderBy(desc(clients.createdAt), desc(clients.id))
      .limit(paging.limit)
      .offset(paging.offset),
    paging.total(() => ctx.db.select({ total: count() }).from(clients).where(where)),
  ]);
  const page = paging.slice(rows);
  const items = page.rows.map((row) => toClientResponse(row.client));
  return { items, total, page: query.page, page_size: query.page_size, next_cursor: page.next_cursor };
}
