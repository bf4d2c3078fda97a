import { z } from "zod";
import { readRows, type RowSchema } from "@/lib/emission/bulk-upload/beneficiary-rows";
import type { Cell } from "@/lib/emission/bulk-upload/read-spreadsheet";
import type { SheetBounds } from "@/lib/emission/bulk-upload/sheet-bounds";
import { DateOnly } from "@/lib/emission/schemas";
import type { CellError } from "@/lib/errors";
import { DecimalInput, Uuid } from "@/lib/schemas";
import { ImportBeneficiaryInput, ImportedPolicyNumber, type ImportPolicyInput } from "../schemas";

/** Import limits (lifecycle.md section 9). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 10_000;

/** The policy's columns, repeated on each row of its lives. */
const POLICY_COLUMNS = [
  "policy_number",
  "client_id",
  "plan_version_id",
  "start_date",
  "paid_to_date",
  "premium",
  "auto_renew",
] as const satisfies ReadonlyArray<keyof ImportPolicyInput>;
const LIFE_COLUMNS = [
  "first_name",
  "last_name",
  "kinship_type",
  "date_of_birth",
  "country_of_residence",
  "cover_start_date",
] as const satisfies ReadonlyArray<keyof ImportBeneficiaryInput>;

/** The columns of the import file, in the template's order: one row per life. */
export const IMPORT_COLUMNS = [...POLICY_COLUMNS, ...LIFE_COLUMNS] as const;
type Column = (typeof IMPORT_COLUMNS)[number];

export const IMPORT_BOUNDS: SheetBounds = { columnNames: IMPORT_COLUMNS, maxRows: MAX_IMPORT_ROWS };

const BooleanText = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(["true", "false"], { message: "must be true or false" }))
  .transform((value) => value === "true");

/** One row as the file gives it: text in every cell (a spreadsheet's true/false cell reads as its text). */
const ImportRow = z.object({
  policy_number: ImportedPolicyNumber.optional(),
  client_id: Uuid,
  plan_version_id: Uuid,
  start_date: DateOnly,
  paid_to_date: DateOnly.optional(),
  premium: DecimalInput({ min: 0.01 }).optional(),
  auto_renew: BooleanText.optional(),
  ...ImportBeneficiaryInput.shape,
});
type ImportRow = z.output<typeof ImportRow>;

const IMPORT_ROW: RowSchema<Column, ImportRow> = { names: IMPORT_COLUMNS, schema: ImportRow };

/** A policy of the file: its input and, by the position of each life, the row it came from. */
export type BookPolicy = { input: ImportPolicyInput; rows: number[] };

/**
 * The policies of the sheet's rows: row 1 is the header, every later row that is not blank is one life,
 * and the rows of one policy_number make one policy (a row without a number is a policy of its own, given
 * a new number). A policy's columns must be the same on each of its rows. Every bad cell of every row is
 * returned with the row as the spreadsheet numbers it; the rows that read make their policies, so that
 * the import's rules are checked on them too.
 */
export function policiesFromRows(rows: Cell[][]): { policies: BookPolicy[]; errors: CellError[] } {
  // At most MAX_IMPORT_ROWS: the reader refused a longer sheet before parsing it (sheet-bounds.ts).
  const { values, errors } = readRows(rows, IMPORT_ROW, "policy");
  const groups = new Map<string, { first: ImportRow; firstRow: number; policy: BookPolicy }>();
  for (const { row: rowNumber, value: row } of values) {
    const life = Object.fromEntries(
      LIFE_COLUMNS.filter((column) => row[column] !== undefined).map((column) => [column, row[column]]),
    ) as ImportBeneficiaryInput;
    const key = row.policy_number ?? `row ${rowNumber}`;
    const group = groups.get(key);
    if (!group) {
      const input = Object.fromEntries(
        POLICY_COLUMNS.filter((column) => row[column] !== undefined).map((column) => [column, row[column]]),
      ) as Omit<ImportPolicyInput, "beneficiaries">;
      groups.set(key, {
        first: row,
        firstRow: rowNumber,
        policy: { input: { ...input, beneficiaries: [life] }, rows: [rowNumber] },
      });
      continue;
    }
    const differing = POLICY_COLUMNS.filter((column) => row[column] !== group.first[column]);
    for (const column of differing)
      errors.push({
        row: rowNumber,
        column,
        message: `differs from row ${group.firstRow} of policy ${key}`,
        code: "inconsistent_policy",
      });
    if (differing.length > 0) continue;
    group.policy.input.beneficiaries.push(life);
    group.policy.rows.push(rowNumber);
  }
  return { policies: [...groups.values()].map((group) => group.policy), errors };
}
