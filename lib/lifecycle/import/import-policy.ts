import { assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { todayUtc } from "@/lib/emission/dates";
import { toPolicyResponse } from "@/lib/emission/internal";
import type { PolicyResponse } from "@/lib/emission/schemas";
import { BadRequestError, BusinessRuleError, ConflictError, NotFoundError } from "@/lib/errors";
import type { ImportPolicyInput } from "../schemas";
import { findClientsInScope, findImportVersion, takenPolicyNumbers } from "./internal";
import { prepareImport, type ImportProblem } from "./prepare-import";
import { storeImports } from "./store-imports";

/** "beneficiaries.2.date_of_birth", or the policy field's own name. */
export function problemPath(problem: ImportProblem): string {
  return problem.index === null ? problem.field : `beneficiaries.${problem.index}.${problem.field}`;
}

/**
 * POST /emission/policies/import (lifecycle.md section 9): one policy of a book brought from another
 * system, in the status the lifecycle would have given it by today. Checks as issue does: an unknown
 * client or version, or one the caller may not sell, is 404, an inactive version 400; then a number
 * another policy has is 409, and every rule of prepare-import.ts that the input breaks is listed in one
 * 422. Nothing is sent to the client: its policy is not new to it.
 */
export async function importPolicy({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: ImportPolicyInput;
}): Promise<PolicyResponse> {
  assertCan(ctx.actor, "policies:import");
  return inTransaction(ctx, async (tx) => {
    const client = (await findClientsInScope(tx, [input.client_id])).get(input.client_id);
    if (!client) throw new NotFoundError("client");
    const version = await findImportVersion(tx, input.plan_version_id);
    if (version === "not_found") throw new NotFoundError("plan version");
    if (version === "inactive") throw new BadRequestError("the plan version is not active");
    if (input.policy_number !== undefined && (await takenPolicyNumbers(tx, [input.policy_number])).size > 0)
      throw new ConflictError(`policy number ${input.policy_number} is taken by another policy`);

    const outcome = prepareImport(input, client, version, todayUtc());
    if ("problems" in outcome) {
      const [first] = outcome.problems;
      throw new BusinessRuleError(
        `${problemPath(first)}: ${first.message}`,
        outcome.problems.map((problem) => ({
          path: problemPath(problem),
          message: problem.message,
          code: problem.code,
        })),
      );
    }
    const [{ policy, people }] = await storeImports(tx, [outcome.prepared]);
    return toPolicyResponse(policy, people, version.terms);
  });
}
