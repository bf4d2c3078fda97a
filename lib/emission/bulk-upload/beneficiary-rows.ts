import type { z } from "zod";
import { SpreadsheetError, type CellError } from "@/lib/errors";
import { issueCode } from "@/lib/i18n/issue-code";
import { BeneficiaryInput } from "../schemas";
import type { Cell } from "./read-spreadsheet";

/** The columns of the upload, in the template's order (service spec, "Bulk upload file columns"). */
export const BENEFICIARY_COLUMNS = [
  "first_name",
  "last_name",
  "date_of_birth",
  "kinship_type",
  "country_of_residence",
] as const satisfies ReadonlyArray<keyof BeneficiaryInput>;
type Column = (typeof BENEFICIARY_COLUMNS)[number];

/** A sheet's columns and the schema one row is read with (its keys are the column names). */
export type RowSchema<C extends string, T = unknown> = {
  names: readonly C[];
  schema: z.ZodType<T> & { shape: Record<C, z.ZodType> };
};

const BENEFICIARY_ROW: RowSchema<Column, BeneficiaryInput> = { names: BENEFICIARY_COLUMNS, schema: BeneficiaryInput };

const isOptional = <C extends string>(row: RowSchema<C>, column: C) =>
  row.schema.shape[column].safeParse(undefined).success;

export type BeneficiaryRows = {
  /** The rows that read as beneficiaries. */
  beneficiaries: BeneficiaryInput[];
  /** The spreadsheet row of each beneficiary, by position. */
  rowNumbers: number[];
  /** Every bad cell of the rows that did not. */
  errors: CellError[];
};

/**
 * The beneficiaries of the sheet's rows: row 1 is the header (names matched trimmed and in any letter
 * case), every later row that is not blank is one beneficiary, validated with the same schema as the
 * issue endpoint. Every bad cell of every row is returned, with the row as the spreadsheet numbers it.
 */
export function beneficiariesFromRows(rows: Cell[][]): BeneficiaryRows {
  // At most MAX_UPLOAD_ROWS: the reader refused a longer sheet before parsing it (sheet-bounds.ts).
  const { values, errors } = readRows(rows, BENEFICIARY_ROW, "beneficiary");
  return { beneficiaries: values.map(({ value }) => value), rowNumbers: values.map(({ row }) => row), errors };
}

/**
 * The rows under the header read with `row`'s schema (blank rows skipped; none at all is 422 naming
 * `what` the rows should be): each value with its row as the spreadsheet numbers it, and every bad cell
 * of the rows that did not read.
 */
export function readRows<C extends string, T>(
  rows: Cell[][],
  row: RowSchema<C, T>,
  what: string,
): { values: Array<{ row: number; value: T }>; errors: CellError[] } {
  const [header = [], ...body] = rows;
  const columns = columnsOf(header, row);
  const dataRows = body
    .map((cells, index) => ({ rowNumber: index + 2, cells }))
    .filter(({ cells }) => !cells.every((cell) => textOf(cell) === ""));
  if (dataRows.length === 0) throw new SpreadsheetError(`the file has no ${what} rows under the header`);

  const errors: CellError[] = [];
  const values: Array<{ row: number; value: T }> = [];
  for (const { rowNumber, cells } of dataRows) {
    if (cells.length !== header.length) {
      errors.push({
        row: rowNumber,
        column: null,
        message: `has ${cells.length} cells where the header has ${header.length}`,
        code: "wrong_cell_count",
      });
      continue;
    }
    const read = readRow(cells, columns, row);
    if ("value" in read) values.push({ row: rowNumber, value: read.value });
    else
      for (const [column, { message, code }] of read.problems) errors.push({ row: rowNumber, column, message, code });
  }
  return { values, errors };
}

const FORMULA_START = /^\s*[=+\-@]/;

/**
 * One row's value from its cells (read with the row's schema), or one message per bad cell (the first
 * rule it breaks: a date like 01/02/1990 breaks two), in the file's column order.
 */
function readRow<C extends string, T>(
  cells: Cell[],
  columns: Array<C | null>,
  row: RowSchema<C, T>,
): { value: T } | { problems: Array<[C, { message: string; code: string }]> } {
  // Keyed by the known column names only, never by the file's text.
  const candidate: Partial<Record<C, string>> = {};
  const problems = new Map<C, { message: string; code: string }>();
  columns.forEach((column, index) => {
    if (!column) return;
    const text = textOf(cells[index]);
    // PostgreSQL cannot store a NUL character, which a workbook can carry escaped as _x0000_.
    if (text.includes("\u0000"))
      problems.set(column, { message: "must not contain NUL characters", code: "invalid_format" });
    // Text that starts like a formula would run as one when the data is next opened in a spreadsheet
    // (CSV injection: =HYPERLINK(...), =cmd|...); no name, date, kinship or country starts that way.
    else if (FORMULA_START.test(text))
      problems.set(column, {
        message: "must not start with =, +, - or @ (a spreadsheet formula)",
        code: "formula_not_allowed",
      });
    // An empty optional cell is absent (a beneficiary without a country lives in the client's).
    else if (!(text === "" && isOptional(row, column))) candidate[column] = text;
  });
  const parsed = row.schema.safeParse(candidate);
  if (parsed.success && problems.size === 0) return { value: parsed.data };
  for (const issue of parsed.error?.issues ?? []) {
    const column = issue.path[0] as C;
    // A column the row leaves out (or the header lacks) is required, whatever check reported it.
    const code = candidate[column] === undefined ? "required" : issueCode(issue).code;
    if (!problems.has(column)) problems.set(column, { message: issue.message, code });
  }
  return { problems: [...problems].sort(([a], [b]) => columns.indexOf(a) - columns.indexOf(b)) };
}

/** The error for bad rows: the detail names how many and the first; `errors` lists each. */
export function rowsError(unsorted: CellError[]): SpreadsheetError {
  const errors = [...unsorted].sort((a, b) => a.row - b.row);
  const rows = new Set(errors.map((error) => error.row)).size;
  const [first] = errors;
  const where = first.column ? `row ${first.row}, ${first.column}` : `row ${first.row}`;
  return new SpreadsheetError(
    `${rows} ${rows === 1 ? "row has" : "rows have"} problems (nothing was stored); ${where}: ${first.message}`,
    errors,
  );
}

/**
 * Position -> column of the header row (names matched trimmed and in any letter case); blank header
 * cells are columns the upload ignores (notes beside the data). 422 listing every unknown, repeated or
 * missing required column.
 */
function columnsOf<C extends string>(header: Cell[], row: RowSchema<C>): Array<C | null> {
  const errors: CellError[] = [];
  const seen = new Set<C>();
  const columns = header.map((cell): C | null => {
    const name = textOf(cell);
    if (name === "") return null;
    const column = row.names.find((known) => known === name.toLowerCase());
    if (!column) {
      errors.push({
        row: 1,
        column: name,
        message: `is not a column of the upload (expected ${row.names.join(", ")})`,
        code: "unknown_column",
      });
      return null;
    }
    if (seen.has(column))
      errors.push({ row: 1, column, message: "appears more than once in the header", code: "duplicate_column" });
    seen.add(column);
    return column;
  });
  for (const column of row.names) {
    if (!seen.has(column) && !isOptional(row, column))
      errors.push({ row: 1, column, message: "is missing from the header row", code: "missing_column" });
  }
  if (errors.length > 0) {
    const [first] = errors;
    throw new SpreadsheetError(
      `the header row (row 1) is not the template's: "${first.column}" ${first.message}`,
      errors,
    );
  }
  return columns;
}

// Dates become YYYY-MM-DD: a date cell is read as midnight UTC of its day, so its UTC date is the day
// the spreadsheet shows, whatever the server's time zone.
function textOf(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return "";
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? "" : cell.toISOString().slice(0, 10);
  return String(cell).trim();
}
