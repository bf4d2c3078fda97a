import { PayloadTooLargeError, SpreadsheetError } from "@/lib/errors";
import { MAX_UPLOAD_ROWS } from "./schemas";
import { BENEFICIARY_COLUMNS } from "./beneficiary-rows";

// The template's bounds (trust.md section 6): its columns (A to E for the bulk upload), and the header
// with at most its maximum of rows under it, blank rows counted. A reader sizes what it builds by the references it
// meets: read-excel-file fills every gap up to a cell's column and row with empty cells, so one cell
// named ZZZZZZ2 asks for 321 million of them and <row r="5000000"> for five million rows; csv-parse
// keeps every empty line. So the file is scanned for its references first, and refused at the first one
// outside the bounds without reading the rest.

/** A sheet's bounds: the template's column names (in order) and the most rows under the header. */
export type SheetBounds = { columnNames: readonly string[]; maxRows: number };

/** The bulk upload's bounds; another upload (the import of a book) passes its own to the same reader. */
export const BULK_UPLOAD_BOUNDS: SheetBounds = { columnNames: BENEFICIARY_COLUMNS, maxRows: MAX_UPLOAD_ROWS };

/** The last column and the last row (the header counted) a sheet within `bounds` may use. */
export function sheetLimits(bounds: SheetBounds): { columns: number; rows: number } {
  return { columns: bounds.columnNames.length, rows: bounds.maxRows + 1 };
}

export const SHEET_BOUNDS = sheetLimits(BULK_UPLOAD_BOUNDS);

/** 1 -> A, 26 -> Z, 27 -> AA. */
export function columnLetters(column: number): string {
  let letters = "";
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26))
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

// A reference as the file wrote it, shortened: the file decides how long it is.
const shown = (reference: string) => (reference.length > 20 ? `${reference.slice(0, 17)}...` : reference);

function outsideColumns(cell: string, bounds: SheetBounds): SpreadsheetError {
  const last = columnLetters(bounds.columnNames.length);
  return new SpreadsheetError(
    `cell ${shown(cell)} is outside the template: an upload has only the columns A to ${last} (${bounds.columnNames.join(", ")}); remove anything right of column ${last}`,
  );
}

function tooManyRows(bounds: SheetBounds, row: number | string, cell?: string): PayloadTooLargeError {
  const where = cell
    ? `cell ${shown(cell)} is in row ${shown(String(row))}`
    : `the file reaches row ${shown(String(row))}`;
  return new PayloadTooLargeError(
    `the file has more rows than an upload takes: ${where}, past the header and the ${bounds.maxRows.toLocaleString("en")} rows under it (blank rows count)`,
  );
}

/**
 * Refuses a .csv with a record right of the template's last column (422 naming the cell) or more
 * records than the header and MAX_UPLOAD_ROWS (413), by one pass over the text that stops there.
 * Records and cells are counted as csv-parse reads them with the same separators: a separator or line
 * break inside quotes is part of the cell, and a line break at the very end starts no record.
 */
export function assertCsvWithinBounds(
  text: string,
  { delimiter, recordDelimiter }: { delimiter: string; recordDelimiter: "\n" | "\r\n" | "\r" },
  bounds: SheetBounds = BULK_UPLOAD_BOUNDS,
): void {
  const limits = sheetLimits(bounds);
  const separator = delimiter.charCodeAt(0);
  const lineBreak = recordDelimiter.charCodeAt(0);
  const isPair = recordDelimiter.length === 2;
  let row = 1;
  let column = 1;
  let quoted = false;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (quoted) {
      // "" inside quotes is an escaped quote; a lone " ends the quoted part.
      if (code === 0x22) {
        if (text.charCodeAt(at + 1) === 0x22) at++;
        else quoted = false;
      }
    } else if (code === 0x22) {
      quoted = true;
    } else if (code === separator) {
      column++;
      if (column > limits.columns) throw outsideColumns(`${columnLetters(column)}${row}`, bounds);
    } else if (code === lineBreak && (!isPair || text.charCodeAt(at + 1) === 0x0a)) {
      if (isPair) at++;
      if (at + 1 >= text.length) return;
      row++;
      column = 1;
      if (row > limits.rows) throw tooManyRows(bounds, row);
    }
  }
}

// A start tag of a row or a cell, with or without a namespace prefix, and the attributes it carries.
const ROW_OR_CELL = /<(?:[A-Za-z_][\w.-]*:)?(row|c)(?=[\s/>])([^>]*)>/g;
const REFERENCE = /(?:^|\s)r\s*=\s*(?:"([^"]*)"|'([^']*)')/;
const CELL_REFERENCE = /^([A-Z]+)([1-9][0-9]*)$/;

/**
 * Refuses a worksheet (its XML) with a cell right of the template's last column (422 naming the cell),
 * or a row or cell below the header and MAX_UPLOAD_ROWS (413), at the first such reference. Rows without
 * a number follow the one before; a cell without a reference, which the reader cannot place, is refused.
 */
export function assertWorksheetWithinBounds(xml: string, bounds: SheetBounds = BULK_UPLOAD_BOUNDS): void {
  const limits = sheetLimits(bounds);
  let row = 0;
  for (const [, tag, attributes] of xml.matchAll(ROW_OR_CELL)) {
    const match = REFERENCE.exec(attributes);
    const reference = match?.[1] ?? match?.[2];
    if (tag === "row") {
      if (reference === undefined) row++;
      else if (/^[1-9][0-9]*$/.test(reference)) row = Number(reference);
      else throw new SpreadsheetError(`the .xlsx file could not be read: a row is numbered "${shown(reference)}"`);
      if (row > limits.rows) throw tooManyRows(bounds, reference ?? row);
      continue;
    }
    const cell = reference === undefined ? undefined : CELL_REFERENCE.exec(reference);
    if (!cell)
      throw new SpreadsheetError(
        `the .xlsx file could not be read: a cell has ${reference === undefined ? "no reference" : `the reference "${shown(reference)}"`}`,
      );
    const [, letters, digits] = cell;
    // A workbook's last column is XFD: past three letters the number is not worth computing.
    const column =
      letters.length > 3 ? Infinity : [...letters].reduce((sum, letter) => sum * 26 + letter.charCodeAt(0) - 64, 0);
    if (column > limits.columns) throw outsideColumns(reference!, bounds);
    if (Number(digits) > limits.rows) throw tooManyRows(bounds, digits, reference);
  }
}
