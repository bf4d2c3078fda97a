import { and, desc, like, or, sql } from "drizzle-orm";
import { countRows, EXACT_SEARCH_TOTAL_UP_TO, EXACT_TOTAL_UP_TO } from "@/db/count";
import { escapeLike } from "@/db/like";
import { normalizeSearchText } from "@/db/search";
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
  // A prefix of the first name, the last name, "first last" or the e-mail, in any case and with or without
  // accents: each is a LIKE 'prefix%' on a normalised column with a text_pattern_ops index (db/search.ts).
  const search = query.q ? `${escapeLike(normalizeSearchText(query.q))}%` : null;
  const where = and(
    visibleClients(ctx.actor),
    search
      ? or(
          like(clients.searchName, search),
          like(clients.searchLastName, search),
          sql`lower(${clients.email}) like ${search}`,
        )
      : undefined,
  );
  const paging = pagingOf("clients", query, { batch });
  const [rows, counted] = await Promise.all([
    ctx.db
      .select({ client: clients, keyset: keysetOf(clients) })
      .from(clients)
      .where(and(where, paging.after(clients)))
      .orderBy(desc(clients.createdAt), desc(clients.id))
      .limit(paging.limit)
      .offset(paging.offset),
    // countRows stops counting at 10,000, a search at 1,000 (db/count.ts).
    paging.total(() =>
      countRows(
        ctx.db,
        () =>
          ctx.db
            .select({ one: sql`1`.as("one") })
            .from(clients)
            .where(where)
            .$dynamic(),
        search ? EXACT_SEARCH_TOTAL_UP_TO : EXACT_TOTAL_UP_TO,
      ),
    ),
  ]);
  const page = paging.slice(rows);
  const items = page.rows.map((row) => toClientResponse(row.client));
  return { items, ...counted, page: query.page, page_size: query.page_size, next_cursor: page.next_cursor };
}
