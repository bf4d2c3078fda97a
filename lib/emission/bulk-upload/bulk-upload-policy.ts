import type { z } from "zod";
import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import type { BulkUploadForm } from "../bulk-upload-schema";
import { issuePolicy } from "../issue-policy";
import type { PolicyResponse } from "../schemas";
import { beneficiariesFromRows, rowsError } from "./beneficiary-rows";
import { readSpreadsheetRows, type UploadedFile } from "./read-spreadsheet";

export type BulkUploadFields = Omit<z.output<typeof BulkUploadForm>, "file">;

/**
 * POST /emission/bulk-upload: one policy whose beneficiaries are the rows of a spreadsheet. The rows
 * are read and validated first (every bad row listed), then the policy is issued by issuePolicy, so the
 * checks, prices and records are those of the issue endpoint; a rule that fails for some beneficiaries
 * names their spreadsheet rows. Nothing is stored unless every row passes.
 */
export async function bulkUploadPolicy({ ctx, input, file }: { ctx: ServiceContext; input: BulkUploadFields; file: UploadedFile }): Promise<PolicyResponse> {
  assertCan(ctx.actor, "emission:write");
  const { beneficiaries, rowNumbers } = beneficiariesFromRows(await readSpreadsheetRows(file));
  return issuePolicy({
    ctx,
    input: { ...input, beneficiaries },
    options: {
      reportProblems: (_detail, problems) => {
        throw rowsError(problems.map((problem) => ({ row: rowNumbers[problem.index], column: problem.field, message: problem.message })));
      },
    },
  });
}
