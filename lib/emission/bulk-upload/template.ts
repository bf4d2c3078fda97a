import { createTranslator } from "next-intl";
import writeXlsxFile, { type SheetData } from "write-excel-file/node";
import { KINSHIP_TYPES } from "@/db/enums";
import type { Locale } from "@/lib/i18n/locales";
import { catalogs } from "@/messages";
import { BENEFICIARY_COLUMNS } from "./beneficiary-rows";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_ROWS } from "./schemas";

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

type Column = (typeof BENEFICIARY_COLUMNS)[number];

/** The example row of the instructions sheet: machine values, the same in every language. */
export const TEMPLATE_EXAMPLE: Record<Column, string> = {
  first_name: "Ana",
  last_name: "Pérez",
  date_of_birth: "1985-03-01",
  kinship_type: "SELF",
  country_of_residence: "MX",
};

const REQUIRED: Record<Column, boolean> = {
  first_name: true,
  last_name: true,
  date_of_birth: true,
  kinship_type: true,
  country_of_residence: false,
};

/**
 * The bulk upload template, in the requester's language (docs/administration.md): a first sheet
 * holding the header row alone (machine names, kept in view), which is the only sheet the upload reads,
 * and an "Instructions" sheet with what each column takes and an example row. The example never sits on
 * the data sheet: a template uploaded untouched then imports nothing (422, no rows), instead of issuing
 * a policy covering someone who does not exist.
 */
export async function bulkUploadTemplate(locale: Locale): Promise<Uint8Array<ArrayBuffer>> {
  const t = createTranslator({ locale, messages: catalogs[locale], namespace: "bulkTemplate" });
  const dataSheet = t("dataSheet");
  const bold = (value: string) => ({ value, fontWeight: "bold" as const });
  const plain = (value: string) => ({ value });
  const instructions: SheetData = [
    [bold(t("title"))],
    [plain(t("steps.rows", { sheet: dataSheet }))],
    [plain(t("steps.header"))],
    [plain(t("steps.onlyData", { sheet: dataSheet }))],
    [plain(t("steps.limits", { rows: MAX_UPLOAD_ROWS, megabytes: MAX_UPLOAD_BYTES / 1024 / 1024 }))],
    [],
    [bold(t("columnsTitle"))],
    [bold(t("column")), bold(t("required")), bold(t("meaning"))],
    ...BENEFICIARY_COLUMNS.map((column) => [
      plain(column),
      plain(REQUIRED[column] ? t("yes") : t("no")),
      plain(t(`columns.${column}`, { values: KINSHIP_TYPES.join(", ") })),
    ]),
    [],
    [bold(t("exampleTitle"))],
    BENEFICIARY_COLUMNS.map((column) => bold(column)),
    BENEFICIARY_COLUMNS.map((column) => plain(TEMPLATE_EXAMPLE[column])),
  ];
  const workbook = await writeXlsxFile([
    {
      data: [BENEFICIARY_COLUMNS.map((column) => bold(column))],
      sheet: dataSheet,
      stickyRowsCount: 1,
      columns: BENEFICIARY_COLUMNS.map((column) => ({ width: Math.max(14, column.length + 2) })),
    },
    {
      data: instructions,
      sheet: t("instructionsSheet"),
      columns: [{ width: 24 }, { width: 14 }, { width: 90 }, { width: 16 }, { width: 22 }],
    },
  ]).toBuffer();
  return new Uint8Array(workbook);
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
