import { z } from "zod";
import { BeneficiaryInput, DateOnly, MAX_BENEFICIARIES } from "@/lib/emission/schemas";
import { DecimalInput, Uuid } from "@/lib/schemas";

/** POST /lifecycle/run (lifecycle.md section 4). */
export const RunLifecycleInput = z
  .object({
    as_of: DateOnly.optional().describe(
      "The day to run for (default today, UTC). A past day is a catch-up; a future day is 422 unless the server runs with LIFECYCLE_ALLOW_FUTURE=1 (staging and tests only)",
    ),
  })
  .strict();
export type RunLifecycleInput = z.infer<typeof RunLifecycleInput>;

export const LifecycleMoves = z.object({
  not_taken_up: z.number().int(),
  in_arrears: z.number().int(),
  lapsed: z.number().int(),
  cancelled: z.number().int(),
  renewed: z.number().int(),
  expired: z.number().int(),
});
export type LifecycleMoves = z.infer<typeof LifecycleMoves>;

export const LifecycleRunResponse = z.object({
  as_of: z.string(),
  moved: LifecycleMoves,
  notices: z.number().int().describe("Notices queued in the notifications outbox"),
});
export type LifecycleRunResponse = z.infer<typeof LifecycleRunResponse>;
LifecycleRunResponse.register(z.globalRegistry, { id: "LifecycleRun" });

/** A life of an imported policy (lifecycle.md section 9): as in issue, with the day its cover began. */
export const ImportBeneficiaryInput = BeneficiaryInput.extend({
  cover_start_date: DateOnly.optional().describe(
    "The first day this life was covered: start_date (the default) or a later day up to today",
  ),
});
export type ImportBeneficiaryInput = z.infer<typeof ImportBeneficiaryInput>;

/** Letters, digits and . _ / - : a number another system gave, never text a spreadsheet would run. */
export const ImportedPolicyNumber = z
  .string()
  .trim()
  .max(40, { message: "must be at most 40 characters" })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, {
    message: "must be letters, digits, '.', '_', '/' or '-', starting with a letter or digit",
  });

/** POST /emission/policies/import (lifecycle.md section 9). */
export const ImportPolicyInput = z.object({
  client_id: Uuid,
  plan_version_id: Uuid,
  policy_number: ImportedPolicyNumber.optional().describe(
    "The number the policy had in the book; kept (409 when another policy has it). Default: a new number",
  ),
  start_date: DateOnly.describe("The inception date: at most 10 years ago, never after today"),
  paid_to_date: DateOnly.optional().describe(
    "The last day covered by premiums received; none when nothing was paid. Decides the status",
  ),
  premium: DecimalInput({ min: 0.01 })
    .optional()
    .describe(
      "The monthly premium in force, in the version's currency. Default: each life priced at its age at the current term start",
    ),
  auto_renew: z.boolean().optional().describe("Default true"),
  beneficiaries: z
    .array(ImportBeneficiaryInput)
    .min(1, { message: "at least one beneficiary is required" })
    .max(MAX_BENEFICIARIES, { message: `at most ${MAX_BENEFICIARIES} beneficiaries` }),
});
export type ImportPolicyInput = z.infer<typeof ImportPolicyInput>;

/** POST /emission/policies/import/bulk: the form holds the file alone. */
export const ImportBookForm = z.object({ file: z.any().describe("The .xlsx or .csv file") });

export const ImportBookResponse = z.object({
  imported: z.number().int().describe("Policies imported (every row's policy: a file is imported whole or not at all)"),
});
export type ImportBookResponse = z.infer<typeof ImportBookResponse>;
ImportBookResponse.register(z.globalRegistry, { id: "ImportBook" });

export const ImportTemplateQuery = z.object({
  format: z.enum(["xlsx", "csv"], { message: "must be xlsx or csv" }).default("xlsx"),
});
