import { strFromU8, unzipSync } from "fflate";

// Reads back an XLSX written by lib/exports/xlsx.ts, as a test needs it: each cell's type, style and
// value, by row, from the sheet's XML (the workbook holds no shared strings).

export type SheetCell = { ref: string; type: string | null; style: number; value: string };

const unescape = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

export function readXlsx(bytes: Uint8Array) {
  const files = unzipSync(bytes);
  const sheet = strFromU8(files["xl/worksheets/sheet1.xml"]);
  const styles = strFromU8(files["xl/styles.xml"]);
  const rows: SheetCell[][] = [];
  for (const [, row] of sheet.matchAll(/<row r="\d+">(.*?)<\/row>/gs)) {
    const cells: SheetCell[] = [];
    for (const [, attributes, inner] of row.matchAll(/<c ([^>]*)>(.*?)<\/c>/gs)) {
      const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(attributes)?.[1] ?? null;
      const value = /<t[^>]*>(.*?)<\/t>/s.exec(inner)?.[1] ?? /<v>(.*?)<\/v>/s.exec(inner)?.[1] ?? "";
      cells.push({
        ref: attribute("r")!,
        type: attribute("t"),
        style: Number(attribute("s") ?? 0),
        value: unescape(value),
      });
    }
    rows.push(cells);
  }
  /** The cellXfs entries of styles.xml, by index. */
  const xfs = [...(/<cellXfs[^>]*>(.*?)<\/cellXfs>/s.exec(styles)?.[1] ?? "").matchAll(/<xf ([^>]*?)\/>/g)].map(
    ([, attributes]) => attributes,
  );
  const formats = Object.fromEntries(
    [...styles.matchAll(/<numFmt numFmtId="(\d+)" formatCode="([^"]*)"\/>/g)].map(([, id, code]) => [id, code]),
  );
  return { files, sheet, rows, xfs, formats };
}

/** The header row's names and each later row as an object of cells by column name. */
export function sheetRecords(rows: SheetCell[][]): Array<Record<string, SheetCell>> {
  const names = new Map(rows[0].map((cell) => [cell.ref.replace(/\d+$/, ""), cell.value]));
  return rows
    .slice(1)
    .map((row) => Object.fromEntries(row.map((cell) => [names.get(cell.ref.replace(/\d+$/, ""))!, cell])));
}
