import type { z } from "zod";
import { MoneyString } from "@/lib/schemas";

// The columns of an export are the fields of the list's JSON item, in its order, named as in JSON
// (reports.md section 2); each has a kind that says how a cell is written.

export type ColumnKind = "text" | "number" | "boolean" | "money" | "date" | "count" | "json";
export type Column = { name: string; kind: ColumnKind };

type Def = { type: string; innerType?: z.ZodType; checks?: Array<{ _zod: { def: { pattern?: RegExp } } }> };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const patternsOf = (schema: z.ZodType) =>
  (defOf(schema).checks ?? []).map((check) => check._zod.def.pattern?.source).filter(Boolean);
const MONEY_PATTERN = patternsOf(MoneyString)[0];

// Dates travel as ISO strings; these names are the date and date-time fields of the eight lists.
const DATE_NAME = /(_at|_date|_on|_until)$|^date_|^settle_by$/;

function kindOf(name: string, field: z.ZodType): ColumnKind {
  let schema = field;
  for (let def = defOf(schema); def.innerType; def = defOf(schema)) schema = def.innerType;
  switch (defOf(schema).type) {
    case "array":
      return "count";
    case "object":
    case "record":
    case "unknown":
    case "any":
      return "json";
    case "number":
    case "int":
      return "number";
    case "boolean":
      return "boolean";
    case "string":
      if (MONEY_PATTERN && patternsOf(schema).includes(MONEY_PATTERN)) return "money";
      return DATE_NAME.test(name) ? "date" : "text";
    default:
      return "text";
  }
}

/** The columns of a list's item schema (a zod object), by field, with their kinds. */
export function exportColumns(item: z.ZodObject): Column[] {
  return Object.entries(item.shape).map(([name, field]) => ({ name, kind: kindOf(name, field as z.ZodType) }));
}

/** A date-only value (YYYY-MM-DD) or an ISO date-time; anything else is written as text. */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
