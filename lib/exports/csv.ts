import { guardFormula } from "./formula";
import type { Column } from "./columns";
import type { ExportEncoder } from "./encoder";

// CSV as RFC 4180: CRLF line ends, a field quoted when it holds a comma, a quote, CR or LF, quotes doubled.
// UTF-8 with a byte-order mark, so that Excel reads accents. Header: the JSON field names.

const encoder = new TextEncoder();
const BOM = "\uFEFF";

function quoted(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One cell's text: lists as their count, objects as JSON text, texts guarded against formulas. */
export function csvCell(column: Column, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return String(value.length);
  if (typeof value === "object") return quoted(guardFormula(JSON.stringify(value)));
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  const text = String(value);
  // Money is a plain number ("-12.50"), never a formula; dates are ISO text.
  return quoted(column.kind === "money" ? text : guardFormula(text));
}

export function csvEncoder(columns: Column[]): ExportEncoder {
  const line = (cells: string[]) => `${cells.join(",")}\r\n`;
  return {
    start: () => encoder.encode(BOM + line(columns.map((column) => quoted(guardFormula(column.name))))),
    rows: (items) => {
      let text = "";
      for (const item of items) text += line(columns.map((column) => csvCell(column, item[column.name])));
      return encoder.encode(text);
    },
    finish: () => new Uint8Array(0),
  };
}
