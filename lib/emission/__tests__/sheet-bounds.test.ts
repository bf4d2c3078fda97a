import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  assertCsvWithinBounds,
  assertWorksheetWithinBounds,
  columnLetters,
  SHEET_BOUNDS,
} from "@/lib/emission/bulk-upload/sheet-bounds";
import { PayloadTooLargeError, SpreadsheetError } from "@/lib/errors";

// The bounds check that runs before an uploaded spreadsheet is parsed (trust.md section 6): the
// template's columns A to E and the header with 1,000 rows under it. The route-level cases (statuses,
// the reproductions, the request thread kept free) are in lib/security/__tests__/hostile-uploads.test.ts.

function outcome(check: () => void): string {
  try {
    check();
    return "within";
  } catch (error) {
    if (error instanceof SpreadsheetError) return `422 ${error.message}`;
    if (error instanceof PayloadTooLargeError) return `413 ${error.message}`;
    throw error;
  }
}

describe("assertCsvWithinBounds", () => {
  // CSV texts csv-parse reads: a plain header (of up to 6 cells), then a few records or about a thousand (around the
  // bound) of plain and quoted cells (a quoted cell may hold separators, line breaks and "" escapes),
  // one line ending throughout, perhaps one record of 6 or 7 cells below the header, perhaps a line ending at
  // the very end.
  const plain = fc.stringMatching(/^[a ]{0,3}$/);
  const cell = fc.oneof(
    plain,
    fc
      .array(fc.constantFrom("a", ",", "\n", "\r\n", "\r", '""', " "), { maxLength: 4 })
      .map((parts) => `"${parts.join("")}"`),
  );
  const record = fc.array(cell, { minLength: 1, maxLength: 5 });
  const csvText = fc
    .record({
      header: fc.array(plain, { minLength: 1, maxLength: 6 }),
      records: fc.oneof(fc.array(record, { maxLength: 20 }), fc.array(record, { minLength: 995, maxLength: 1005 })),
      wide: fc.option(fc.record({ at: fc.nat(), record: fc.array(cell, { minLength: 6, maxLength: 7 }) }), { freq: 2 }),
      lineEnding: fc.constantFrom("\n", "\r\n", "\r"),
      endsWithLineEnding: fc.boolean(),
    })
    .map(({ header, records, wide, lineEnding, endsWithLineEnding }) => {
      const all = [header, ...records];
      if (wide) all.splice(1 + (wide.at % all.length), 0, wide.record);
      return `${all.map((cells) => cells.join(",")).join(lineEnding)}${endsWithLineEnding ? lineEnding : ""}`;
    });

  it("counts records and cells exactly as csv-parse reads them, and refuses at the first one past the bounds", () => {
    fc.assert(
      fc.property(csvText, (text) => {
        // As the reader does: records end as the first line does.
        const recordDelimiter = (/\r\n|\n|\r/.exec(text)?.[0] ?? "\n") as "\n" | "\r\n" | "\r";
        const records: string[][] = parse(text, {
          delimiter: ",",
          record_delimiter: recordDelimiter,
          relax_column_count: true,
          skip_empty_lines: false,
        });
        // The reference: the first record (in reading order) past a bound, as csv-parse reads them.
        const index = records.findIndex(
          (record, at) => at + 1 > SHEET_BOUNDS.rows || record.length > SHEET_BOUNDS.columns,
        );
        const actual = outcome(() => assertCsvWithinBounds(text, { delimiter: ",", recordDelimiter }));
        if (index < 0) expect(actual).toBe("within");
        else if (index + 1 > SHEET_BOUNDS.rows)
          expect(actual).toContain(
            `413 the file has more rows than an upload takes: the file reaches row ${index + 1},`,
          );
        else expect(actual).toMatch(new RegExp(`^422 cell F${index + 1} is outside the template`));
      }),
      { numRuns: 200 },
    );
  });

  it("takes 1,000 rows under the header, blank ones included, and refuses the 1,001st", () => {
    const header = "first_name,last_name,date_of_birth,kinship_type,country_of_residence";
    const at = (rows: number) =>
      outcome(() =>
        assertCsvWithinBounds(`${header}\n${"\n".repeat(rows - 1)}x\n`, { delimiter: ",", recordDelimiter: "\n" }),
      );
    expect(at(1000)).toBe("within");
    expect(at(1001)).toBe(
      "413 the file has more rows than an upload takes: the file reaches row 1002, past the header and the 1,000 rows under it (blank rows count)",
    );
  });

  it("names the first cell right of column E, semicolon files alike, and not a separator inside quotes", () => {
    const check = (text: string, delimiter = ",") =>
      outcome(() => assertCsvWithinBounds(text, { delimiter, recordDelimiter: "\n" }));
    expect(check('a,b,c,d,"e,f"\nA,B,C,D,E\n')).toBe("within");
    expect(check("a;b;c;d;e\nA;B;C;D;E;F;G\n", ";")).toBe(
      "422 cell F2 is outside the template: an upload has only the columns A to E (first_name, last_name, date_of_birth, kinship_type, country_of_residence); remove anything right of column E",
    );
  });
});

describe("assertWorksheetWithinBounds", () => {
  const sheet = (rows: string) =>
    `<worksheet><dimension ref="A1:XFD1048576"/><cols><col min="1" max="16384"/></cols><sheetData>${rows}</sheetData></worksheet>`;
  const check = (rows: string) => outcome(() => assertWorksheetWithinBounds(sheet(rows)));

  it("takes cells up to E1001, whatever the sheet's dimension and column formats say", () => {
    expect(
      check('<row r="1"><c r="A1"/><c r="E1"/></row><row r="1001" spans="1:5"><c r="E1001" t="s"><v>0</v></c></row>'),
    ).toBe("within");
  });

  it.each([
    ["a cell right of column E", '<row r="2"><c r="F2"/></row>', /^422 cell F2 is outside the template/],
    ["the cell ZZZZZZ2", '<row r="2"><c r="ZZZZZZ2"/></row>', /^422 cell ZZZZZZ2 is outside the template/],
    ["a cell of a prefixed sheet", '<x:row r="2"><x:c r="AA2"/></x:row>', /^422 cell AA2 is outside the template/],
    [
      '<row r="1002">',
      '<row r="1002"><c r="A1002"/></row>',
      /^413 the file has more rows than an upload takes: the file reaches row 1002,/,
    ],
    ['<row r="5000000">', '<row r="5000000"/>', /^413 .*: the file reaches row 5000000,/],
    ["a cell in row 1002 of an unnumbered row", '<row><c r="A1002"/></row>', /^413 .*: cell A1002 is in row 1002,/],
    ["a 1,002nd unnumbered row", "<row/>".repeat(1002), /^413 .*: the file reaches row 1002,/],
    [
      "a cell without a reference",
      '<row r="2"><c t="s"><v>0</v></c></row>',
      /^422 the \.xlsx file could not be read: a cell has no reference$/,
    ],
    [
      "a reference in lower case",
      '<row r="2"><c r="a2"/></row>',
      /^422 the \.xlsx file could not be read: a cell has the reference "a2"$/,
    ],
    [
      "a reference of 10,000 letters, shortened in the answer",
      `<row r="2"><c r="${"A".repeat(10_000)}2"/></row>`,
      /^422 cell AAAAAAAAAAAAAAAAA\.\.\. is outside the template/,
    ],
  ])("refuses %s", (_, rows, expected) => {
    expect(check(rows)).toMatch(expected);
  });

  it("stops at the first reference past the bounds without reading the rest", () => {
    // What follows the bad cell is not even well-formed: the check never gets there.
    expect(check(`<row r="2"><c r="G2"/></row>${"<row".repeat(100)}`)).toMatch(/^422 cell G2 /);
  });
});

describe("columnLetters", () => {
  it("names columns as spreadsheets do", () => {
    expect([1, 5, 26, 27, 52, 703, 16384].map(columnLetters)).toEqual(["A", "E", "Z", "AA", "AZ", "AAA", "XFD"]);
  });
});
