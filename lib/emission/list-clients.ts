import { and, count, desc, ilike, or, sql } from "drizzle-orm";
import { escapeLike } from "@/db/like";
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
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(clients)
      .where(where)
      .orderBy(desc(clients.createdAt), desc(clients.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    ctx.db.select({ total: count() }).from(clients).where(where),
  ]);
  return { items: rows.map(toClientResponse), total, page: query.page, page_size: query.page_size };
}
