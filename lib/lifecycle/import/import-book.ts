import { assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { rowsError } from "@/lib/emission/bulk-upload/beneficiary-rows";
import { todayUtc } from "@/lib/emission/dates";
import { MAX_BENEFICIARIES } from "@/lib/emission/schemas";
import type { CellError } from "@/lib/errors";
import type { UploadedFile } from "@/lib/http/multipart";
import { runOffThread } from "@/lib/offload/pool";
import type { ImportBookResponse } from "../schemas";
import { IMPORT_BOUNDS, policiesFromRows } from "./book-rows";
import { findImportVersion, findClientsInScope, takenPolicyNumbers } from "./internal";
import { prepareImport, type ImportVersion, type PreparedImport } from "./prepare-import";
import { storeImports } from "./store-imports";

/**
 * POST /emission/policies/import/bulk (lifecycle.md section 9): a book of policies from a spreadsheet,
 * one row per life, each policy checked by the rules of importPolicy. The file is imported whole: every
 * bad row is listed in one 422 (a policy's own problems on its first row, a life's on its row; an unknown
 * client or version and a number already taken are bad rows here, not 404 or 409) and nothing is stored
 * unless every row passes. The file is read on a worker thread, with the bulk upload's reader and limits
 * of its own (10,000 rows, 20 MB).
 */
export async function importBook({
  ctx,
  file,
}: {
  ctx: ServiceContext;
  file: UploadedFile;
}): Promise<ImportBookResponse> {
  assertCan(ctx.actor, "policies:import");
  const { policies, errors } = policiesFromRows(
    await runOffThread("readSpreadsheet", { ...file, bounds: IMPORT_BOUNDS }),
  );
  return inTransaction(ctx, async (tx) => {
    const clients = await findClientsInScope(
      tx,
      policies.map((policy) => policy.input.client_id),
    );
    const versions = new Map<string, ImportVersion | "not_found" | "inactive">();
    for (const id of new Set(policies.map((policy) => policy.input.plan_version_id)))
      versions.set(id, await findImportVersion(tx, id));
    const taken = await takenPolicyNumbers(
      tx,
      policies.flatMap((policy) => policy.input.policy_number ?? []),
    );

    const today = todayUtc();
    const problems: CellError[] = [...errors];
    const prepared: PreparedImport[] = [];
    for (const { input, rows } of policies) {
      const onPolicy = (column: string, message: string, code: string) =>
        problems.push({ row: rows[0], column, message, code });
      const client = clients.get(input.client_id);
      const version = versions.get(input.plan_version_id)!;
      if (!client) onPolicy("client_id", "client not found", "not_found");
      if (version === "not_found") onPolicy("plan_version_id", "plan version not found", "not_found");
      if (version === "inactive") onPolicy("plan_version_id", "the plan version is not active", "inactive_version");
      if (input.policy_number !== undefined && taken.has(input.policy_number))
        onPolicy("policy_number", "is taken by another policy", "policy_number_taken");
      if (input.beneficiaries.length > MAX_BENEFICIARIES)
        problems.push({
          row: rows[MAX_BENEFICIARIES],
          column: null,
          message: `policy ${input.policy_number} has more than ${MAX_BENEFICIARIES} lives`,
          code: "too_many_lives",
        });
      if (!client || typeof version === "string") continue;
      const outcome = prepareImport(input, client, version, today);
      if ("prepared" in outcome) prepared.push(outcome.prepared);
      else
        for (const problem of outcome.problems)
          problems.push({
            row: problem.index === null ? rows[0] : rows[problem.index],
            column: problem.field,
            message: problem.message,
            code: problem.code,
          });
    }
    if (problems.length > 0) throw rowsError(problems);
    await storeImports(tx, prepared);
    return { imported: prepared.length };
  });
}
