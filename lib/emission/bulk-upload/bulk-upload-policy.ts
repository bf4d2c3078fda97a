import type { z } from "zod";
import { assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import type { BulkUploadForm } from "./schemas";
import { issuePolicy } from "../issue-policy";
import type { PolicyResponse } from "../schemas";
import { beneficiariesFromRows, rowsError } from "./beneficiary-rows";
import type { UploadedFile } from "@/lib/http/multipart";
import { runOffThread } from "@/lib/offload/pool";

export type BulkUploadFields = Omit<z.output<typeof BulkUploadForm>, "file">;

/**
 * POST /emission/bulk-upload: one policy whose beneficiaries are the rows of a spreadsheet, issued by
 * issuePolicy, so the checks, prices and records are those of the issue endpoint. Every bad row is
 * listed in one answer: the rows that read well go through the issue's rules (age, country, kinship)
 * even when other rows did not read, and the issue is rolled back whenever any row is bad, so nothing is
 * stored unless every row passes.
 */
export async function bulkUploadPolicy({
  ctx,
  input,
  file,
}: {
  ctx: ServiceContext;
  input: BulkUploadFields;
  file: UploadedFile;
}): Promise<PolicyResponse> {
  assertCan(ctx.actor, "emission:write");
  // Read on a worker thread: a file from outside may be slow or large to parse (read-spreadsheet.ts).
  const { beneficiaries, rowNumbers, errors } = beneficiariesFromRows(await runOffThread("readSpreadsheet", file));
  return inTransaction(ctx, async (tx) => {
    const policy = await issuePolicy({
      ctx: tx,
      input: { ...input, beneficiaries },
      options: {
        reportProblems: (_detail, problems) => {
          throw rowsError([
            ...errors,
            ...problems.map((problem) => ({
              row: rowNumbers[problem.index],
              column: problem.field,
              message: problem.message,
              code: problem.code,
            })),
          ]);
        },
      },
    });
    if (errors.length > 0) throw rowsError(errors);
    return policy;
  });
}
