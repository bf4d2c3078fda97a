import fc from "fast-check";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "./index";
import { rowsOf } from "./rows";
import { containsPattern, normalized, normalizeSearchText, phoneDigitsPattern, prefixPattern } from "./search";

// The letters a name of the book is written with: plain ASCII, the folded accents, and a few others that
// must pass through unchanged.
const LETTERS = [..."abcxyzABCXYZ 09-.@'_%", ..."ÁÀÂÄÃÅáàâäãåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇçÝýÿ"];
const nameText = fc.array(fc.constantFrom(...LETTERS), { maxLength: 40 }).map((letters) => letters.join(""));

/** The plain reference: Unicode decomposition without the combining marks, then lower case. */
function reference(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

describe("normalizeSearchText", () => {
  it("equals the decomposed, unmarked, lower-case text for every name of the book", () => {
    fc.assert(fc.property(nameText, (text) => normalizeSearchText(text) === reference(text)));
  });

  it("keeps the length of the text (one letter for one letter) and is idempotent", () => {
    fc.assert(
      fc.property(nameText, (text) => {
        const once = normalizeSearchText(text);
        return [...once].length === [...text].length && normalizeSearchText(once) === once;
      }),
    );
  });

  it("equals what the database makes of the same text", async () => {
    const db = await getDb();
    const samples = fc.sample(nameText, { numRuns: 50, seed: 21 });
    samples.push("RAMÍREZ Núñez", "Çà Ñ ÿ Ö", "POL-2026-000042");
    for (const text of samples) {
      const [row] = await rowsOf<{ folded: string }>(db, sql`select ${normalized(sql`${text}::text`)} as folded`);
      expect(row.folded, text).toBe(normalizeSearchText(text));
    }
  });
});

describe("the LIKE patterns", () => {
  it("fold the text and make %, _ and \\ plain characters", () => {
    expect(containsPattern("Ramírez")).toBe("%ramirez%");
    expect(prefixPattern("RAMÍ")).toBe("rami%");
    expect(containsPattern("50%_a\\b")).toBe("%50\\%\\_a\\\\b%");
  });

  it("take the digits of a typed phone number, and nothing from a name or an e-mail", () => {
    expect(phoneDigitsPattern("+52 (55) 1234-5678")).toBe("%525512345678%");
    expect(phoneDigitsPattern("55.1234")).toBe("%551234%");
    expect(phoneDigitsPattern("ramirez")).toBeNull();
    expect(phoneDigitsPattern("ana55@example.com")).toBeNull();
    expect(phoneDigitsPattern(" - ")).toBeNull();
  });
});
