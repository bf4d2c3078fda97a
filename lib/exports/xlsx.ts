import { strToU8, Zip, ZipDeflate } from "fflate";
import { ISO_DATE, ISO_DATE_TIME, type Column } from "./columns";
import type { ExportEncoder } from "./encoder";
import { looksLikeFormula } from "./formula";

// An XLSX workbook of one sheet, written as it goes: fflate's Zip streams each part, and the sheet's XML
// is deflated row batch by row batch, so memory holds one batch whatever the number of rows. Strings are
// inline (no shared-string table to keep); dates are serial numbers with a date style, money numbers
// with a 2-decimal style, and a text that would start a formula carries the quotePrefix style.

/** The cell styles of styles.xml, by their index in cellXfs. */
export const XLSX_STYLES = { header: 1, date: 2, dateTime: 3, money: 4, quotePrefix: 5 } as const;

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;

const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const workbook = (sheetName: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;

// cellXfs: 0 default, 1 header (bold), 2 date, 3 date-time, 4 money (#,##0.00), 5 text with quotePrefix.
const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/><numFmt numFmtId="165" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="6"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" quotePrefix="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

// XML 1.0 forbids most control characters even escaped; a text keeps tab, LF and CR.
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function escapeXml(text: string): string {
  return text
    .replace(INVALID_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

const MS_PER_DAY = 86_400_000;
/** Days from 1899-12-30 (the 1900 date system's day 0, after Excel's leap-year slip) to 1970-01-01. */
const EPOCH_SERIAL = 25_569;

/** A date's serial number: whole days for YYYY-MM-DD, with the time of day (UTC) for a date-time. */
export function excelSerial(value: string): number {
  const ms = ISO_DATE.test(value) ? Date.parse(`${value}T00:00:00Z`) : Date.parse(value);
  return ms / MS_PER_DAY + EPOCH_SERIAL;
}

/** Column letters of a zero-based index: 0 A, 25 Z, 26 AA. */
function columnLetters(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

function textCell(ref: string, text: string, style?: number): string {
  const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : "";
  return `<c r="${ref}" t="inlineStr"${style ? ` s="${style}"` : ""}><is><t${space}>${escapeXml(text)}</t></is></c>`;
}

function cell(column: Column, ref: string, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return `<c r="${ref}"><v>${value.length}</v></c>`;
  if (typeof value === "object") return textCell(ref, JSON.stringify(value));
  if (typeof value === "number") return Number.isFinite(value) ? `<c r="${ref}"><v>${value}</v></c>` : "";
  if (typeof value === "boolean") return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
  const text = String(value);
  if (column.kind === "money" && /^-?\d+(\.\d+)?$/.test(text))
    return `<c r="${ref}" s="${XLSX_STYLES.money}"><v>${text}</v></c>`;
  if (column.kind === "date" && (ISO_DATE.test(text) || ISO_DATE_TIME.test(text))) {
    const style = ISO_DATE.test(text) ? XLSX_STYLES.date : XLSX_STYLES.dateTime;
    return `<c r="${ref}" s="${style}"><v>${excelSerial(text)}</v></c>`;
  }
  return textCell(ref, text, looksLikeFormula(text) ? XLSX_STYLES.quotePrefix : undefined);
}

export function xlsxEncoder(columns: Column[], sheetName: string): ExportEncoder {
  const letters = columns.map((_, index) => columnLetters(index));
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else ready.push(chunk);
  });
  const take = (): Uint8Array => {
    if (failure) throw failure;
    const size = ready.reduce((sum, chunk) => sum + chunk.byteLength, 0);
    const out = new Uint8Array(size);
    let at = 0;
    for (const chunk of ready) {
      out.set(chunk, at);
      at += chunk.byteLength;
    }
    ready.length = 0;
    return out;
  };
  const part = (name: string, xml: string) => {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(strToU8(xml), true);
  };
  let sheet: ZipDeflate;
  let rowNumber = 1;
  return {
    start() {
      part("[Content_Types].xml", CONTENT_TYPES);
      part("_rels/.rels", ROOT_RELS);
      part("xl/workbook.xml", workbook(sheetName));
      part("xl/_rels/workbook.xml.rels", WORKBOOK_RELS);
      part("xl/styles.xml", STYLES);
      sheet = new ZipDeflate("xl/worksheets/sheet1.xml", { level: 6 });
      zip.add(sheet);
      const header = columns
        .map((column, index) => textCell(`${letters[index]}1`, column.name, XLSX_STYLES.header))
        .join("");
      sheet.push(
        strToU8(
          `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData><row r="1">${header}</row>`,
        ),
      );
      return take();
    },
    rows(items) {
      let xml = "";
      for (const item of items) {
        rowNumber++;
        let cells = "";
        for (let index = 0; index < columns.length; index++)
          cells += cell(columns[index], `${letters[index]}${rowNumber}`, item[columns[index].name]);
        xml += `<row r="${rowNumber}">${cells}</row>`;
      }
      sheet.push(strToU8(xml));
      return take();
    },
    finish() {
      sheet.push(strToU8("</sheetData></worksheet>"), true);
      zip.end();
      return take();
    },
  };
}
