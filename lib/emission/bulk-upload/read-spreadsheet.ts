import { CsvError, parse } from "csv-parse/sync";
import { zipSync } from "fflate";
import { InvalidInputError, InvalidSpreadsheetError, readSheet, SheetNotFoundError } from "read-excel-file/node";
import { SpreadsheetError } from "@/lib/errors";
import type { UploadedFile } from "@/lib/http/multipart";
import { looksLikeZip, unpackWorkbookParts } from "./xlsx-archive";


/** One cell as read: text, a number, a boolean, a date cell (midnight UTC of its day), or empty. */
export type Cell = string | number | boolean | Date | null;

const notASpreadsheet = (what: string) => new SpreadsheetError(`the file is not a spreadsheet: ${what} (expected .xlsx or .csv)`);

/**
 * The rows of the first sheet, row i being the spreadsheet's row i + 1. The format is decided by the
 * content (an .xlsx is a zip archive, a .csv is UTF-8 text), and a name ending in another extension,
 * or one that contradicts the content, is refused: the client's content type is never trusted.
 */
export async function readSpreadsheetRows(file: UploadedFile): Promise<Cell[][]> {
  const extension = /\.([^./\\]+)$/.exec(file.name)?.[1].toLowerCase();
  if (extension !== undefined && extension !== "xlsx" && extension !== "csv") throw notASpreadsheet(`a .${extension} file`);
  if (looksLikeZip(file.bytes)) {
    if (extension === "csv") throw notASpreadsheet("a zip archive named .csv");
    return readXlsxRows(file.bytes);
  }
  if (extension === "xlsx") throw notASpreadsheet("a file named .xlsx that is not a zip archive");
  return readCsvRows(file.bytes);
}

async function readXlsxRows(bytes: Uint8Array): Promise<Cell[][]> {
  // read-excel-file unpacks whatever it is given, sizing buffers by what the archive declares; it gets
  // an archive rebuilt (stored, uncompressed) from the parts that passed the checks instead of the upload.
  const checked = zipSync(unpackWorkbookParts(bytes), { level: 0 });
  try {
    // Cells are read as stored: a formula cell gives the value cached when the file was saved, and
    // nothing is ever evaluated.
    const rows = await readSheet(Buffer.from(checked.buffer, checked.byteOffset, checked.byteLength));
    return rows as Cell[][];
  } catch (error) {
    if (error instanceof InvalidInputError || error instanceof InvalidSpreadsheetError || error instanceof SheetNotFoundError) {
      throw new SpreadsheetError(`the .xlsx file could not be read: ${error.message}`);
    }
    throw error;
  }
}

function readCsvRows(bytes: Uint8Array): string[][] {
  let text: string;
  try {
    // A byte-order mark (Excel's "CSV UTF-8") is dropped by the decoder.
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw notASpreadsheet("neither a zip archive nor UTF-8 text");
  }
  if (text.includes("\u0000")) throw notASpreadsheet("binary data (it contains NUL bytes)");
  try {
    // Arrays, not objects keyed by the header's text: a header cell such as "__proto__" stays a string.
    // Empty lines stay records so that row numbers match what a spreadsheet shows; rows with the wrong
    // number of cells are listed with the other bad rows rather than stopping at the first.
    return parse(text, { delimiter: delimiterOf(text), relax_column_count: true, skip_empty_lines: false });
  } catch (error) {
    if (error instanceof CsvError) throw new SpreadsheetError(`the .csv file could not be read: ${error.message}`);
    throw error;
  }
}

// Excel writes CSV with ";" where the decimal separator is a comma (Spain, much of Latin America). The
// header holds only column names, so its first line tells which separator the file uses.
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  return firstLine.includes(";") && !firstLine.includes(",") ? ";" : ",";
}
