import { CsvError, parse } from "csv-parse/sync";
import { zipSync } from "fflate";
import { InvalidInputError, InvalidSpreadsheetError, readSheet, SheetNotFoundError } from "read-excel-file/node";
import { SpreadsheetError } from "@/lib/errors";
import type { UploadedFile } from "@/lib/http/multipart";
import {
  assertCsvWithinBounds,
  assertWorksheetWithinBounds,
  BULK_UPLOAD_BOUNDS,
  sheetLimits,
  type SheetBounds,
} from "./sheet-bounds";
import { looksLikeZip, unpackWorkbookParts } from "./xlsx-archive";

/** One cell as read: text, a number, a boolean, a date cell (midnight UTC of its day), or empty. */
export type Cell = string | number | boolean | Date | null;

const notASpreadsheet = (what: string) =>
  new SpreadsheetError(`the file is not a spreadsheet: ${what} (expected .xlsx or .csv)`);

/**
 * The rows of the first sheet, row i being the spreadsheet's row i + 1. The format is decided by the
 * content (an .xlsx is a zip archive, a .csv is UTF-8 text), and a name ending in another extension,
 * or one that contradicts the content, is refused: the client's content type is never trusted. A sheet
 * beyond the template's bounds is refused before it is parsed (sheet-bounds.ts). Runs on a worker
 * thread (lib/offload), with the pool's time and memory limits. `bounds` (default the bulk upload's) are
 * the template's columns and rows: the job takes one value, so they travel with the file.
 */
export async function readSpreadsheetRows(file: UploadedFile & { bounds?: SheetBounds }): Promise<Cell[][]> {
  const bounds = file.bounds ?? BULK_UPLOAD_BOUNDS;
  const extension = /\.([^./\\]+)$/.exec(file.name)?.[1].toLowerCase();
  if (extension !== undefined && extension !== "xlsx" && extension !== "csv")
    throw notASpreadsheet(`a .${extension} file`);
  if (looksLikeZip(file.bytes)) {
    if (extension === "csv") throw notASpreadsheet("a zip archive named .csv");
    return readXlsxRows(file.bytes, bounds);
  }
  if (extension === "xlsx") throw notASpreadsheet("a file named .xlsx that is not a zip archive");
  return readCsvRows(file.bytes, bounds);
}

async function readXlsxRows(bytes: Uint8Array, bounds: SheetBounds): Promise<Cell[][]> {
  const parts = unpackWorkbookParts(bytes);
  const sheet = firstSheetPart(parts);
  assertWorksheetWithinBounds(
    Buffer.from(parts[sheet].buffer, parts[sheet].byteOffset, parts[sheet].byteLength).toString("latin1"),
    bounds,
  );
  // Any other part that holds cells goes: whichever sheet the reader takes, it is the checked one or one
  // without cells.
  for (const name of Object.keys(parts)) {
    if (
      name !== sheet &&
      Buffer.from(parts[name].buffer, parts[name].byteOffset, parts[name].byteLength).includes("sheetData")
    )
      delete parts[name];
  }
  // read-excel-file unpacks whatever it is given, sizing buffers by what the archive declares; it gets
  // an archive rebuilt (stored, uncompressed) from the parts that passed the checks instead of the upload.
  const checked = zipSync(parts, { level: 0 });
  try {
    // Cells are read as stored: a formula cell gives the value cached when the file was saved, and
    // nothing is ever evaluated.
    const rows = await readSheet(Buffer.from(checked.buffer, checked.byteOffset, checked.byteLength));
    return rows as Cell[][];
  } catch (error) {
    if (
      error instanceof InvalidInputError ||
      error instanceof InvalidSpreadsheetError ||
      error instanceof SheetNotFoundError
    ) {
      throw new SpreadsheetError(`the .xlsx file could not be read: ${error.message}`);
    }
    throw error;
  }
}

// The part of the workbook's first sheet, found as read-excel-file finds it: the first <sheet> of
// xl/workbook.xml with a name, its relationship id, and the target of that worksheet relationship.
function firstSheetPart(parts: Record<string, Uint8Array>): string {
  const text = (name: string) => (parts[name] ? new TextDecoder().decode(parts[name]) : "");
  const id = startTags(text("xl/workbook.xml"), "sheet")
    .find((sheet) => sheet.has("name"))
    ?.get("id");
  const target = startTags(text("xl/_rels/workbook.xml.rels"), "Relationship")
    .find(
      (relationship) =>
        id !== undefined && relationship.get("Id") === id && relationship.get("Type")?.endsWith("/worksheet"),
    )
    ?.get("Target");
  const path = target === undefined ? undefined : target.startsWith("/") ? target.slice(1) : `xl/${target}`;
  if (path === undefined || !parts[path])
    throw new SpreadsheetError("the .xlsx file could not be read: it has no sheet");
  return path;
}

/** The attributes of each start tag named `tag` (with any namespace prefix), keyed by their names without prefix. */
function startTags(xml: string, tag: string): Array<Map<string, string>> {
  return [...xml.matchAll(new RegExp(`<(?:[\\w.-]+:)?${tag}(?=[\\s/>])([^>]*)>`, "g"))].map(([, attributes]) => {
    const values = new Map<string, string>();
    for (const [, name, double, single] of attributes.matchAll(
      /(?:[\w.-]+:)?([\w.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g,
    )) {
      if (!values.has(name)) values.set(name, double ?? single);
    }
    return values;
  });
}

function readCsvRows(bytes: Uint8Array, bounds: SheetBounds): string[][] {
  let text: string;
  try {
    // A byte-order mark (Excel's "CSV UTF-8") is dropped by the decoder.
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw notASpreadsheet("neither a zip archive nor UTF-8 text");
  }
  if (text.includes("\u0000")) throw notASpreadsheet("binary data (it contains NUL bytes)");
  const separators = { delimiter: delimiterOf(text), recordDelimiter: recordDelimiterOf(text) };
  assertCsvWithinBounds(text, separators, bounds);
  try {
    // Arrays, not objects keyed by the header's text: a header cell such as "__proto__" stays a string.
    // Empty lines stay records so that row numbers match what a spreadsheet shows; rows with the wrong
    // number of cells are listed with the other bad rows rather than stopping at the first.
    // The check above counted these records; `to` keeps the parser to the bound all the same.
    return parse(text, {
      delimiter: separators.delimiter,
      record_delimiter: separators.recordDelimiter,
      relax_column_count: true,
      skip_empty_lines: false,
      to: sheetLimits(bounds).rows,
    });
  } catch (error) {
    if (error instanceof CsvError) throw new SpreadsheetError(`the .csv file could not be read: ${error.message}`);
    throw error;
  }
}

// Records end as the first line does, and the parser is told so rather than guessing, so that the
// bounds check and the parser count the same records.
function recordDelimiterOf(text: string): "\n" | "\r\n" | "\r" {
  return (/\r\n|\n|\r/.exec(text)?.[0] as "\n" | "\r\n" | "\r" | undefined) ?? "\n";
}

// Excel writes CSV with ";" where the decimal separator is a comma (Spain, much of Latin America). The
// header holds only column names, so its first line tells which separator the file uses.
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  return firstLine.includes(";") && !firstLine.includes(",") ? ";" : ",";
}
