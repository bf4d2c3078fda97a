import { describe, expect, it } from "vitest";
import { FRAGMENT_MAX, FRAGMENT_OVERLAP, splitIntoFragments } from "../fragments";

// Contract section 10: documents are cut into overlapping fragments of about 1,000 to 2,000 characters.

function sentences(count: number): string {
  return Array.from(
    { length: count },
    (_, i) => `Sentence number ${i + 1} explains one condition of the funeral cover in plain words.`,
  ).join(" ");
}

describe("splitIntoFragments", () => {
  it("returns nothing for empty or blank text", () => {
    expect(splitIntoFragments("")).toEqual([]);
    expect(splitIntoFragments("  \n\n \t \r\n ")).toEqual([]);
  });

  it("keeps a short text as one fragment, with its whitespace tidied", () => {
    expect(splitIntoFragments("  Repatriation   is covered.\r\n\r\n\r\n\r\nUp to 5000 USD.  ")).toEqual([
      "Repatriation is covered.\n\nUp to 5000 USD.",
    ]);
    const exactly = "x".repeat(FRAGMENT_MAX);
    expect(splitIntoFragments(exactly)).toEqual([exactly]);
  });

  it("cuts a long text into fragments of 1,000 to 2,000 characters (the last may be shorter)", () => {
    const fragments = splitIntoFragments(sentences(200));
    expect(fragments.length).toBeGreaterThan(5);
    for (const fragment of fragments.slice(0, -1)) {
      expect(fragment.length).toBeGreaterThanOrEqual(1000);
      expect(fragment.length).toBeLessThanOrEqual(2000);
    }
    expect(fragments.at(-1)!.length).toBeLessThanOrEqual(2000);
    expect(fragments.at(-1)!.length).toBeGreaterThan(0);
  });

  it("overlaps consecutive fragments: each starts with the end of the one before", () => {
    const fragments = splitIntoFragments(sentences(200));
    for (let i = 1; i < fragments.length; i++) {
      const head = fragments[i].slice(0, 100);
      expect(fragments[i - 1], `fragment ${i} starts inside fragment ${i - 1}`).toContain(head);
      // The overlap is about FRAGMENT_OVERLAP characters, not the whole fragment.
      const overlap = fragments[i - 1].length - fragments[i - 1].lastIndexOf(head);
      expect(overlap).toBeGreaterThanOrEqual(FRAGMENT_OVERLAP - 100);
      expect(overlap).toBeLessThanOrEqual(FRAGMENT_OVERLAP + 100);
    }
  });

  it("loses no text: every sentence is in some fragment whole", () => {
    const text = sentences(120);
    const fragments = splitIntoFragments(text);
    for (let i = 1; i <= 120; i++) {
      const sentence = `Sentence number ${i} explains one condition of the funeral cover in plain words.`;
      expect(
        fragments.some((fragment) => fragment.includes(sentence)),
        sentence,
      ).toBe(true);
    }
  });

  it("cuts at a sentence end when it can, and prefers a paragraph end", () => {
    for (const fragment of splitIntoFragments(sentences(200)).slice(0, -1)) expect(fragment).toMatch(/\.$/);
    const paragraph = sentences(14); // about 1,150 characters
    const fragments = splitIntoFragments([paragraph, paragraph, paragraph].join("\n\n"));
    expect(fragments[0]).toBe(paragraph);
  });

  it("never cuts inside a word when there are spaces", () => {
    const text = Array.from({ length: 1500 }, (_, i) => `word${i}`).join(" ");
    const wordsOf = new Set(text.split(" "));
    for (const fragment of splitIntoFragments(text)) {
      for (const word of fragment.split(" ")) expect(wordsOf.has(word), word).toBe(true);
    }
  });

  it("cuts a text without any boundary at the maximum size", () => {
    const fragments = splitIntoFragments("y".repeat(5000));
    expect(fragments.map((fragment) => fragment.length)).toEqual([2000, 2000, 1000]);
  });
});
