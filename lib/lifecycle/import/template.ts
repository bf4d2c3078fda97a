import { headerOnlyWorkbook, XLSX_CONTENT_TYPE } from "@/lib/emission/bulk-upload/template";
import { IMPORT_COLUMNS } from "./book-rows";

/**
 * The import template, .xlsx or .csv: the header row alone (no example row, which an import would take
 * for a policy), and the file's name and content type.
 */
export async function importTemplate(
  format: "xlsx" | "csv",
): Promise<{ body: Uint8Array<ArrayBuffer>; contentType: string; fileName: string }> {
  if (format === "csv")
    return {
      body: new TextEncoder().encode(`${IMPORT_COLUMNS.join(",")}\r\n`) as Uint8Array<ArrayBuffer>,
      contentType: "text/csv; charset=utf-8",
      fileName: "policies-import-template.csv",
    };
  return {
    body: await headerOnlyWorkbook(IMPORT_COLUMNS, "Policies"),
    contentType: XLSX_CONTENT_TYPE,
    fileName: "policies-import-template.xlsx",
  };
}
