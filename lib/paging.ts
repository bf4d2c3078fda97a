import type { Counted } from "@/db/count";
import { createHmac, timingSafeEqual } from "node:crypto";
import { desc, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { getAuthSecret } from "@/lib/auth/secret";
import { ValidationError } from "@/lib/errors";

// Paging of the eight lists (reports.md section 3): page/page_size (or limit/offset) for the back office,
// and an opaque, signed cursor for keyset walks that stay fast at any depth. A walk goes newest first by
// created_at, then id, whatever the list's default order, and asks for the rows strictly after the last
// one it has seen: a row inserted meanwhile can never push another one to the next page, so every row that
// existed when the walk began comes exactly once.

export const LIST_NAMES = [
  "clients",
  "policies",
  "transactions",
  "claims",
  "leads",
  "audit",
  "notifications",
  "users",
] as const;
export type ListName = (typeof LIST_NAMES)[number];

/** The table columns a keyset walk orders by. */
export type KeysetTable = { createdAt: AnyColumn; id: AnyColumn };

/**
 * A row's place in the walk, "<created_at with microseconds, UTC>|<id>", read by the database: a JS Date
 * keeps only milliseconds, and a cursor rounded down would repeat or skip rows created within the same
 * millisecond.
 */
export function keysetOf(table: KeysetTable) {
  return sql<string>`${utcText(table.createdAt)} || '|' || ${table.id}`;
}

/** A timestamp as UTC text to the microsecond, the form cursors carry. */
function utcText(value: AnyColumn | SQL) {
  return sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/**
 * The database's time of the read, selected beside the rows of a page read in another order than the
 * walk's (claims' overdue-first page): its next_cursor starts the walk at the rows created up to then.
 */
export function walkStartOf() {
  return sql<string>`${utcText(sql`now()`)}`;
}

/** The greatest id: a position at a time, before every row created at that time or earlier. */
const AFTER_EVERY_ID = "ffffffff-ffff-ffff-ffff-ffffffffffff";

type Position = { at: string; id: string } | "start";

const KEYSET =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

let signingKey: Buffer | null = null;
/** A key of its own, derived from AUTH_SECRET, so that a cursor's MAC can never pass as a token's. */
function cursorKey(): Buffer {
  signingKey ??= createHmac("sha256", getAuthSecret()).update("list-cursor/v1").digest();
  return signingKey;
}

function mac(payload: string): Buffer {
  return createHmac("sha256", cursorKey()).update(payload).digest().subarray(0, 16);
}

/** The cursor of a position in a list: base64url(list|created_at|id) "." base64url(HMAC-SHA256, 128 bits). */
function makeCursor(list: ListName, position: Position): string {
  const payload = `${list}|${position === "start" ? "start" : `${position.at}|${position.id}`}`;
  return `${Buffer.from(payload).toString("base64url")}.${mac(payload).toString("base64url")}`;
}

/** The cursor of the walk's beginning: the first page in the stable order (exports, and claims' first page). */
export function startCursor(list: ListName): string {
  return makeCursor(list, "start");
}

function invalidCursor(): ValidationError {
  const message = "is not a cursor of this list: pass the next_cursor of a previous page unchanged";
  return new ValidationError(`invalid query parameter 'cursor': ${message}`, [
    { path: "cursor", message, code: "invalid_cursor" },
  ]);
}

/** The position a cursor of this list names; 422 for anything this service did not sign for it. */
function readCursor(list: ListName, cursor: string): Position {
  const [body, signature, ...rest] = cursor.split(".");
  if (!body || !signature || rest.length > 0) throw invalidCursor();
  const payload = Buffer.from(body, "base64url").toString("utf8");
  const expected = mac(payload);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidCursor();
  const [name, ...position] = payload.split("|");
  if (name !== list) throw invalidCursor();
  if (position.length === 1 && position[0] === "start") return "start";
  const match = KEYSET.exec(position.join("|"));
  if (!match) throw invalidCursor();
  return { at: match[1], id: match[2] };
}

/** What a list verb reads paging from: page/page_size, or limit/offset as page_size/offset. */
export type PageInput = { cursor?: string; page_size: number; page?: number; offset?: number };

/**
 * The paging of one request to a list. `batch` is an export's read: no total is counted.
 *
 * ```ts
 * const paging = pagingOf("clients", query);
 * const [rows, counted] = await Promise.all([
 *   ctx.db.select({ client: clients, keyset: keysetOf(clients) }).from(clients)
 *     .where(and(where, paging.after(clients))).orderBy(...paging.order(clients))
 *     .limit(paging.limit).offset(paging.offset),
 *   paging.total(() => ctx.db.select({ total: count() }).from(clients).where(where)),
 * ]);
 * const page = paging.slice(rows);
 * return { items: page.rows.map((row) => toClientResponse(row.client)), ...counted, ..., next_cursor: page.next_cursor };
 * ```
 */
export function pagingOf(list: ListName, input: PageInput, { batch = false }: { batch?: boolean } = {}) {
  const position = input.cursor ? readCursor(list, input.cursor) : null;
  const size = input.page_size;
  const offset = position ? 0 : (input.offset ?? ((input.page ?? 1) - 1) * size);
  return {
    /** True when this request walks by cursor (the stable order applies). */
    walking: position !== null,
    /** The rows after the cursor's: `(created_at, id) < (cursor's)`; nothing without a cursor. */
    after(table: KeysetTable): SQL | undefined {
      if (!position || position === "start") return undefined;
      const at = sql`${position.at}::timestamptz`;
      // The row comparison alone: an index on created_at serves it (PostgreSQL bounds the scan by its first
      // column), and its row estimate stays true. An added `created_at <=` was counted twice by the planner,
      // which then read every older row and sorted them for each batch of a small book's export.
      return sql`(${table.createdAt}, ${table.id}) < (${at}, ${position.id}::uuid)`;
    },
    /** The walk's order: newest first by created_at, then id. */
    order(table: KeysetTable): SQL[] {
      return [desc(table.createdAt), desc(table.id)];
    },
    /** One row more than the page, to know whether another page follows. */
    limit: size + 1,
    offset,
    /**
     * The list's total and whether it is the planner's estimate (db/count.ts); not counted for an
     * export's batch (it is not answered).
     */
    async total(count: () => Promise<Counted | Array<{ total: number }>>): Promise<Counted> {
      if (batch) return { total: 0, total_is_estimate: false };
      const counted = await count();
      return Array.isArray(counted) ? { total: counted[0].total, total_is_estimate: false } : counted;
    },
    /**
     * The page's rows (the extra one dropped) and the cursor after its last row; null when no row follows.
     * A page read in another order than the walk's (claims' overdue-first page, without a cursor) selects
     * `walkStart: walkStartOf()`: its next_cursor is the walk's beginning, at the rows created up to that
     * read (docs/reports.md section 3).
     */
    slice<R extends { keyset: string; walkStart?: string }>(rows: R[]): { rows: R[]; next_cursor: string | null } {
      const shown = rows.slice(0, size);
      let next_cursor: string | null = null;
      if (rows.length > size) {
        const last = shown[shown.length - 1];
        const [at, id] = last.keyset.split("|");
        next_cursor =
          last.walkStart === undefined || position
            ? makeCursor(list, { at, id })
            : makeCursor(list, { at: last.walkStart, id: AFTER_EVERY_ID });
      }
      return { rows: shown, next_cursor };
    },
  };
}

/**
 * Every row of a list, batch after batch, in the walk's order: `read` is the list verb asked for one page
 * by cursor. The next batch is read only when the previous one has been taken.
 */
export async function* walkList<T>(
  list: ListName,
  read: (cursor: string) => Promise<{ items: T[]; next_cursor: string | null }>,
): AsyncGenerator<T[], void, undefined> {
  let cursor: string | null = startCursor(list);
  while (cursor) {
    const page: { items: T[]; next_cursor: string | null } = await read(cursor);
    if (page.items.length > 0) yield page.items;
    cursor = page.next_cursor;
  }
}
