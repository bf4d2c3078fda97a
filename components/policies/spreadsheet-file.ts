import { z } from "zod";
import type { RowError } from "./row-errors-table";

// The spreadsheet field of the upload forms (bulk upload, book import): one .xlsx or .csv file within the
// endpoint's byte limit. Its own problems have codes the page words (<namespace>.fileErrors.<code>); the
// rows inside are checked by the API, which answers them as a table of row errors.

const FILE_CODES = ["file_missing", "file_type", "file_too_large"] as const;
export type FileCode = (typeof FILE_CODES)[number];
export const isFileCode = (code: string): code is FileCode => (FILE_CODES as readonly string[]).includes(code);

export function spreadsheetFile(maxBytes: number) {
  return z
    .custom<FileList>((value) => typeof FileList !== "undefined" && value instanceof FileList && value.length === 1, {
      params: { code: "file_missing" },
    })
    .refine((files) => /\.(xlsx|csv)$/i.test(files[0].name), { params: { code: "file_type" } })
    .refine((files) => files[0].size <= maxBytes, { params: { code: "file_too_large" } });
}

export function isRowError(error: unknown): error is RowError {
  return typeof error === "object" && error !== null && "row" in error && "column" in error;
}
