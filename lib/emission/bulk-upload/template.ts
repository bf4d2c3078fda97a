import writeXlsxFile from "write-excel-file/node";
import { BENEFICIARY_COLUMNS } from "./beneficiary-rows";

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * The bulk upload template: the header row alone, kept in view while scrolling. No example row: a
 * template uploaded with its example left in would issue a policy covering someone who does not exist.
 */
export async function bulkUploadTemplate(): Promise<Uint8Array<ArrayBuffer>> {
  return headerOnlyWorkbook(BENEFICIARY_COLUMNS, "Beneficiaries");
}

/** A workbook of one sheet holding the header row alone, in bold and kept in view. */
export async function headerOnlyWorkbook(columns: readonly string[], sheet: string): Promise<Uint8Array<ArrayBuffer>> {
  const header = columns.map((column) => ({ value: column, fontWeight: "bold" as const }));
  const workbook = await writeXlsxFile([header], {
    sheet,
    stickyRowsCount: 1,
    columns: columns.map((column) => ({ width: Math.max(14, column.length + 2) })),
  }).toBuffer();
  return new Uint8Array(workbook);
}
