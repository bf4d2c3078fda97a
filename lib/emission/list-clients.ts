import { and, desc, like, or, sql } from "drizzle-orm";
import { countRows } from "@/db/count";
import { escapeLike } from "@/db/like";
import { normalizeSearchText } from "@/db/search";
import { clients } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { toClientResponse, visibleClients } from "./internal";

/** GET /emission/clients: newest first, optionally matching the start of a name or e-mail. */
export async function listClients({
  ctx,
  query,
}: {
  ctx: ServiceContext;
  query: { q?: string; page: number; page_size: number };
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
  const [rows, total] = await Promise.all([
    ctx.db
      .select()
      .from(clients)
      .where(where)
      .orderBy(desc(clients.createdAt), desc(clients.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    countRows(ctx.db, () =>
      ctx.db
        .select({ one: sql`1`.as("one") })
        .from(clients)
        .where(where)
        .$dynamic(),
    ),
  ]);
  return { items: rows.map(toClientResponse), total, page: query.page, page_size: query.page_size };
}
