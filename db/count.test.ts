import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { countRows } from "./count";
import { getDb } from "./index";
import { countries } from "./schema";

// The reference seed holds every ISO country: a few hundred rows to count.
describe("countRows", () => {
  it("counts exactly up to the bound, and answers the planner's estimate above it", async () => {
    const db = await getDb();
    const rows = () =>
      db
        .select({ one: sql`1`.as("one") })
        .from(countries)
        .$dynamic();
    const [{ exact }] = await db.select({ exact: sql<number>`count(*)::int` }).from(countries);
    expect(exact).toBeGreaterThan(200);
    expect(await countRows(db, rows)).toEqual({ total: exact, total_is_estimate: false });
    const mx = () =>
      db
        .select({ one: sql`1`.as("one") })
        .from(countries)
        .where(eq(countries.isoCode, "MX"))
        .$dynamic();
    expect(await countRows(db, mx, 0)).toMatchObject({ total_is_estimate: true });
    expect((await countRows(db, mx, 0)).total).toBeGreaterThanOrEqual(1);
    const estimated = await countRows(db, rows, 10);
    expect(estimated.total).toBeGreaterThanOrEqual(11);
    expect(estimated.total_is_estimate).toBe(true);
  });
});
