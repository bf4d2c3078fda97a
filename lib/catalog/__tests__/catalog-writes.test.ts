import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// A catalog or zone write that does not drop the cached prices serves stale prices: every write goes
// through inCatalogTransaction (catalog-transaction.ts), which announces the change and drops the cache.
// This reads the source, so that a new write that forgets fails here rather than in production.

const ROOT = join(__dirname, "..", "..", "..");
const PRICED_TABLES =
  "products|plans|planVersions|planVersionCountries|planVersionZones|ageSurcharges|coverages|zones|zoneCountries";
const WRITE = new RegExp(`\\.(insert|update|delete)\\((${PRICED_TABLES})\\b`);

// Helpers that write with the db they are given, called only by verbs inside inCatalogTransaction.
const WRITE_HELPERS = new Set(["lib/catalog/internal.ts"]);
// Writes that change nothing any price reads.
const NOT_PRICED = new Map([["lib/payments/create-subscription.ts", "plans.processor_price_id, which no price reads"]]);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "__tests__" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const files = ["lib", "app", "inngest"].flatMap(sourceFiles).map((path) => ({
  path: relative(ROOT, join(ROOT, path)),
  text: readFileSync(join(ROOT, path), "utf8"),
}));

describe("catalog writes", () => {
  it("every catalog or zone write runs in inCatalogTransaction", () => {
    const forgetful = files
      .filter(({ path, text }) => WRITE.test(text) && !WRITE_HELPERS.has(path) && !NOT_PRICED.has(path))
      .filter(({ text }) => !text.includes("inCatalogTransaction("))
      .map(({ path }) => path);
    expect(forgetful).toEqual([]);
  });

  it("only the catalog transaction announces a change and drops the cache", () => {
    const callers = files
      .filter(({ text }) => /\b(announceCatalogChange|invalidatePricingCache)\(/.test(text))
      .map(({ path }) => path)
      .sort();
    expect(callers).toEqual(["lib/catalog/catalog-transaction.ts", "lib/catalog/pricing-config.ts"]);
  });

  it("the pricing engine keeps no state", () => {
    const engine = readFileSync(join(ROOT, "lib/catalog/pricing.ts"), "utf8");
    expect(engine).not.toMatch(/\bnew (Map|Set|WeakMap)\b|globalThis/);
    expect(engine).not.toMatch(/^(let|var) /m);
  });
});
