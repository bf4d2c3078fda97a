import { describe, expect, it } from "vitest";
import { chunksForInsert } from "./chunks";

describe("chunksForInsert", () => {
  it("keeps every statement under PostgreSQL's 65,534 bound parameters", () => {
    const rows = Array.from({ length: 50_000 }, (_, index) => ({ a: index, b: index, c: index, d: index }));
    const chunks = chunksForInsert(rows);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(chunk.length * 4).toBeLessThanOrEqual(65_534);
    expect(chunks.flat()).toHaveLength(rows.length);
    expect(chunks.flat()[49_999]).toBe(rows[49_999]);
  });

  it("keeps small inserts in one statement and none for no rows", () => {
    expect(chunksForInsert([{ a: 1 }, { a: 2 }])).toHaveLength(1);
    expect(chunksForInsert([])).toEqual([]);
  });
});
