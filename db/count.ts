import { count, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { DbOrTx } from "./index";
import { rowsOf } from "./rows";

/** A list's `total`, and whether it is an estimate (above EXACT_TOTAL_UP_TO), as every paginated answer says. */
export type Counted = { total: number; total_is_estimate: boolean };

/** Up to this many matching rows a list's `total` is counted exactly. */
export const EXACT_TOTAL_UP_TO = 10_000;

/**
 * The same for a name search (`q`) over the clients and policies: its matches are found by three indexes
 * whose union is checked row by row in the table, and counting 10,000 of them took most of a page's time
 * over the whole book (docs/volume.md). A search is for finding someone: beyond a thousand, "about".
 */
export const EXACT_SEARCH_TOTAL_UP_TO = 1_000;

/**
 * The `total` of a list: the rows `rows()` selects, counted exactly up to EXACT_TOTAL_UP_TO, so that a page
 * never reads more index entries than that; above it, the planner's estimate of the same query (never
 * below what was counted). Reading 12,000,000 audit entries to print "of 12,000,000" took seconds for
 * every page; the estimate takes a millisecond and a list that large is walked by cursor, not by its count.
 */
export async function countRows(db: DbOrTx, rows: () => PgSelect, upTo = EXACT_TOTAL_UP_TO): Promise<Counted> {
  const capped = rows()
    .limit(upTo + 1)
    .as("capped");
  const [{ total }] = await db.select({ total: count() }).from(capped);
  if (total <= upTo) return { total, total_is_estimate: false };
  const [row] = await rowsOf(db, sql`explain (format json) ${rows()}`);
  const plan = row["QUERY PLAN"];
  const parsed = (typeof plan === "string" ? JSON.parse(plan) : plan) as { Plan: { "Plan Rows": number } }[];
  return { total: Math.max(total, Math.round(parsed[0].Plan["Plan Rows"])), total_is_estimate: true };
}
