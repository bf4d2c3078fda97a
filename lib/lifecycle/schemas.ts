import { z } from "zod";
import {
  BeneficiaryInput,
  BeneficiaryResponse,
  DateOnly,
  MAX_BENEFICIARIES,
  PolicyResponse,
} from "@/lib/emission/schemas";
import { MoneyString, Uuid } from "@/lib/schemas";

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

/** POST /emission/policies/{id}/endorsements (lifecycle.md section 7). */
export const EndorsePolicyInput = z
  .object({
    add: z
      .array(BeneficiaryInput)
      .max(MAX_BENEFICIARIES, { message: `at most ${MAX_BENEFICIARIES} beneficiaries` })
      .optional()
      .describe("Lives to cover from today, checked and priced as at issue at their age today"),
    remove: z
      .array(Uuid)
      .max(MAX_BENEFICIARIES, { message: `at most ${MAX_BENEFICIARIES} beneficiaries` })
      .optional()
      .describe("Ids of covered lives of this policy whose cover ends today"),
    reason: z.string().trim().min(1, { message: "is required" }).max(1000),
  })
  .strict()
  .refine((input) => (input.add?.length ?? 0) + (input.remove?.length ?? 0) > 0, {
    message: "give at least one life to add or remove",
    params: { code: "no_changes" },
    // Only a body with nothing else wrong is "empty": its other problems are reported alone.
    when: (payload) => payload.issues.length === 0,
  });
export type EndorsePolicyInput = z.infer<typeof EndorsePolicyInput>;

export const EndorseQuery = z.object({
  dry_run: z
    .enum(["true", "false", "1", "0"], { message: "must be true or false" })
    .default("false")
    .transform((value) => value === "true" || value === "1")
    .describe("Answer 200 with what the endorsement would do, storing and sending nothing"),
});

/** A life in a dry run's answer: one being added has no id yet. */
const PreviewBeneficiary = BeneficiaryResponse.extend({
  id: Uuid.nullable().describe("null for a life a dry run would add"),
});

export const EndorsementResponse = z.object({
  id: Uuid.nullable().describe("null in a dry run"),
  effective_date: z.string(),
  reason: z.string(),
  premium_before: MoneyString,
  premium_after: MoneyString.describe("The premium of every premium not yet paid; paid ones stay paid"),
  added: z.array(PreviewBeneficiary),
  removed: z.array(BeneficiaryResponse),
  created_by: z.string().describe('A user id, "api_key:<id>", or "system:deceased" for a death'),
  created_at: z.string().nullable().describe("null in a dry run"),
});
export type EndorsementResponse = z.infer<typeof EndorsementResponse>;
EndorsementResponse.register(z.globalRegistry, { id: "Endorsement" });

export const EndorsePolicyResponse = z.object({
  endorsement: EndorsementResponse,
  policy: PolicyResponse.extend({ beneficiaries: z.array(PreviewBeneficiary) }).describe(
    "The policy after the endorsement (in a dry run: as it would be)",
  ),
});
export type EndorsePolicyResponse = z.infer<typeof EndorsePolicyResponse>;
