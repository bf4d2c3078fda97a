import { z } from "zod";
import { formatMoney, money } from "@/lib/money";

// Schema pieces shared by every module.

export const Uuid = z.uuid({ message: "must be a UUID" });

export const IdParams = z.object({ id: Uuid });

/** A list's `q`: the text a person types in its search box (each list says what it matches). */
export const SearchText = z.string().trim().max(200);

/** Beside a person's id (`changed_by`, `actor`, ...): whom it names, as `<x>_name` and `<x>_email` (docs/names.md). */
export const PersonName = z
  .string()
  .nullable()
  .describe("The user's full name (its e-mail when it has none) or the API key's name; null for the system");
export const PersonEmail = z.string().nullable().describe("The user's e-mail; null for an API key or the system");

export const Email = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ message: "must be a valid e-mail address" }))
  .transform((value) => value.toLowerCase());

/** A date-time query value, as ISO 8601 with or without an offset, in the years 1 to 9999 (PostgreSQL has no year 0). */
export const DateTimeInput = z.iso
  .datetime({ offset: true, local: true, message: "must be an ISO 8601 date-time" })
  .refine(
    (value) => {
      const year = parseDateTime(value).getUTCFullYear();
      return year >= 1 && year <= 9999;
    },
    { message: "must be an ISO 8601 date-time in the years 1 to 9999", when: (payload) => payload.issues.length === 0 },
  );

/** The instant of a DateTimeInput value; one written without an offset is UTC, whatever the server's time zone. */
export function parseDateTime(value: string): Date {
  return new Date(/(Z|[+-]\d{2}:?\d{2})$/i.test(value) ? value : `${value}Z`);
}

/**
 * An edit's body that must change something: a body without any field is 422 `no_changes`, reported only
 * when nothing else is wrong with it (an unknown field is reported alone).
 */
export function withSomeChange<T extends z.ZodObject>(schema: T): T {
  return schema.refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: "give at least one field to change",
    params: { code: "no_changes" },
    when: (payload) => payload.issues.length === 0,
  });
}

export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 200;

// The real ranges of the API's numbers, which the OpenAPI document shows (docs/administration.md): a number
// never goes out with zod's defaults (±2^53) or a placeholder range.

/** The oldest age the catalog knows (surcharge bands, entry and renewal ages, a quote's age). */
export const AGE_MAX = 130;
/** A count of rows, a page number or an offset: PostgreSQL's integer range. */
export const ROW_COUNT_MAX = 2_147_483_647;
/** The last row of a spreadsheet (XLSX). */
export const SPREADSHEET_ROW_MAX = 1_048_576;

/** An age in whole years, 0 to AGE_MAX. */
export const AgeYears = () => z.number().int().min(0).max(AGE_MAX);
/** A count of rows (0 to ROW_COUNT_MAX). */
export const RowCount = () => z.number().int().min(0).max(ROW_COUNT_MAX);
/** A policy's term: 1 for the first, +1 at each renewal (an integer column). */
export const TermNumber = z.number().int().min(1).max(ROW_COUNT_MAX);

/** The cursor of a keyset walk (lib/paging.ts makes and reads it). */
export const CursorParam = z
  .string()
  .trim()
  .min(1)
  .max(300)
  .optional()
  .describe(
    "The `next_cursor` of the previous page (the Next-Cursor header on bare lists). The walk goes newest first by created_at then id, whatever the default order, and `page`/`offset` are ignored. A cursor this service did not make is 422.",
  );

export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The media type of each export format. */
export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** `format=csv|xlsx`: the whole list as a file (lib/exports), with the same filters and scope. */
export const ExportFormatParam = z
  .enum(EXPORT_FORMATS)
  .optional()
  .describe(
    "Download every matching row as a file instead of a page: `csv` (UTF-8 with BOM) or `xlsx`. Paging parameters are then ignored.",
  );

/** The query of a paginated list: page/page_size, or a cursor; and `format` for its export. */
export const PaginationQuery = z.object({
  page: z.coerce.number().int().min(1).max(ROW_COUNT_MAX).default(1),
  page_size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  cursor: CursorParam,
  format: ExportFormatParam,
});
export type PaginationQuery = z.infer<typeof PaginationQuery>;

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: RowCount().describe(
      "The matching rows: counted exactly up to 10,000 (1,000 for a `q` search of clients or policies), the database's estimate above that",
    ),
    total_is_estimate: z
      .boolean()
      .describe("True when `total` is the database's estimate (more than 10,000 rows match, or 1,000 for a search)"),
    page: z.number().int().min(1).max(ROW_COUNT_MAX),
    page_size: z.number().int().min(1).max(PAGE_SIZE_MAX),
    next_cursor: z
      .string()
      .nullable()
      .describe(
        "Pass as `cursor` for the rows after this page (newest first by created_at, then id); null on the last page",
      ),
  });
}

/** An item of a 422's `errors` (localisation.md section 3): a field and its stable code. */
export const FieldErrorItem = z.object({ path: z.string(), message: z.string(), code: z.string() });
/** An item of an uploaded spreadsheet's `errors`: the row as the spreadsheet numbers it (the header is 1). */
export const CellErrorItem = z.object({
  row: z.number().int().min(1).max(SPREADSHEET_ROW_MAX),
  column: z.string().nullable(),
  message: z.string(),
  code: z.string(),
});

export const ErrorResponse = z.object({
  detail: z.string(),
  code: z.string(),
  errors: z.array(z.union([FieldErrorItem, CellErrorItem])).optional(),
});

export const CountryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, { message: "must be a two-letter upper-case ISO country code" });

/**
 * A phone number as typed (trust.md section 7): E.164, or, where the body names the country it is read in,
 * the national form with the usual separators ("55 1234 5678", "(310) 555-0123"). The service parses it
 * with libphonenumber (lib/phone.ts), because the country comes from another field, and stores E.164.
 */
export const PhoneInput = z
  .string()
  .trim()
  .min(1, { message: "is required", abort: true })
  .max(40, { message: "must be at most 40 characters", abort: true })
  .regex(/^\+?[(0-9][0-9 ().-]*$/, {
    message: "must be a phone number: digits, with an optional leading + and spaces, dots, dashes or brackets",
  });

/** Money out: a string with 2 decimals. */
export const MoneyString = z.string().regex(/^-?\d+\.\d{2}$/);

/**
 * A decimal in (money, rates, percentages): a number or a numeric string, rounded half-up to 2 places
 * on its decimal digits (never through a binary float), checked against its range, and given to the
 * service as a string with 2 decimals ("125.00").
 */
export function DecimalInput({ min = 0, max = 9_999_999_999.99 }: { min?: number; max?: number } = {}) {
  const range = `must be a number between ${min} and ${max}`;
  return z
    .union([
      // Documented with its range; the refine below checks it with the message and code of every decimal.
      z.number().meta({ minimum: min, maximum: max }).transform(String),
      z.string().trim(),
    ])
    .pipe(z.string().regex(/^-?\d+(\.\d+)?$/, { message: range }))
    .transform((text) => formatMoney(text))
    .refine((value) => money(value).gte(min) && money(value).lte(max), {
      message: range,
      params: { code: "out_of_range" },
    });
}

export function toIso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}
