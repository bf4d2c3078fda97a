import { z } from "zod";
import { CANCELLATION_REASON_CODES } from "@/db/enums";
import {
  BeneficiaryInput,
  BeneficiaryResponse,
  DateOnly,
  MAX_BENEFICIARIES,
  PolicyDetailResponse,
  PolicyResponse,
} from "@/lib/emission/schemas";
import { TransactionResponse } from "@/lib/payments/schemas";
import { AgeYears, DecimalInput, MoneyString, RowCount, TermNumber, Uuid } from "@/lib/schemas";

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
  not_taken_up: RowCount(),
  in_arrears: RowCount(),
  lapsed: RowCount(),
  cancelled: RowCount(),
  renewed: RowCount(),
  expired: RowCount(),
});
export type LifecycleMoves = z.infer<typeof LifecycleMoves>;

export const LifecycleRunResponse = z.object({
  as_of: z.string(),
  moved: LifecycleMoves,
  notices: RowCount().describe("Notices queued in the notifications outbox"),
});
export type LifecycleRunResponse = z.infer<typeof LifecycleRunResponse>;
LifecycleRunResponse.register(z.globalRegistry, { id: "LifecycleRun" });

/** One life of a term: its age on the term's first day and its monthly price in that term. */
export const TermLifeResponse = z.object({
  beneficiary_id: Uuid,
  age: AgeYears().describe("The life's age on the first day of the term"),
  price: MoneyString.describe("The life's monthly price in the term"),
});

/** GET /emission/policies/{id}/renewal-preview (lifecycle.md section 5). */
export const RenewalPreviewResponse = z.object({
  term_start_date: z.string().describe("The first day of the next term: the current end_date + 1 day"),
  plan_version_id: Uuid.describe(
    "The version the policy renews on: its own while still active, else the newest active version of its plan",
  ),
  premium: MoneyString.describe("The monthly premium of the next term: the sum of the kept lives' prices"),
  lives: z.array(TermLifeResponse).describe("The lives kept, each priced at its age on term_start_date"),
  dropped: z
    .array(z.object({ beneficiary_id: Uuid, reason: z.string() }))
    .describe("The covered lives not kept (above max_renewal_age, or their country no longer available)"),
});
export type RenewalPreviewResponse = z.infer<typeof RenewalPreviewResponse>;
RenewalPreviewResponse.register(z.globalRegistry, { id: "RenewalPreview" });

/** GET /emission/policies/{id}/terms: every term of the policy, oldest first. */
export const PolicyTermResponse = z.object({
  term_number: TermNumber,
  start_date: z.string(),
  end_date: z.string(),
  plan_version_id: Uuid,
  premium: MoneyString.describe("The monthly premium the term began with"),
  lives: z.array(TermLifeResponse),
});
export type PolicyTermResponse = z.infer<typeof PolicyTermResponse>;
PolicyTermResponse.register(z.globalRegistry, { id: "PolicyTerm" });
export const PolicyTermsResponse = z.array(PolicyTermResponse);

/** PATCH /emission/policies/{id}. */
export const UpdatePolicyInput = z
  .object({
    auto_renew: z.boolean({ message: "must be true or false" }).describe("Whether the policy renews at term end"),
  })
  .strict();
export type UpdatePolicyInput = z.infer<typeof UpdatePolicyInput>;
/** `?dry_run=true`: answer what the call would do, storing and sending nothing. */
export const DryRunQuery = z.object({
  dry_run: z
    .enum(["true", "false", "1", "0"], { message: "must be true or false" })
    .default("false")
    .transform((value) => value === "true" || value === "1")
    .describe("Answer with what would happen, storing and sending nothing"),
});

const CancellationReason = z
  .string()
  .trim()
  .min(1, { message: "a reason is required" })
  .max(1000)
  .describe("Why the policy is cancelled, in the words of whoever asks");

/** POST /emission/policies/{id}/cancel (lifecycle.md section 8). */
export const CancelPolicyInput = z
  .object({
    reason_code: z.enum(CANCELLATION_REASON_CODES, {
      message: `must be one of ${CANCELLATION_REASON_CODES.join(", ")}`,
    }),
    reason: CancellationReason,
    when: z
      .enum(["NOW", "END_OF_PAID_PERIOD"], { message: "must be NOW or END_OF_PAID_PERIOD" })
      .default("NOW")
      .describe(
        "NOW, or at the end of the paid period (cancel_at = paid_to_date; now when nothing is paid or the paid-to date has passed). A cancellation in the cooling-off period is always now",
      ),
  })
  .strict();
export type CancelPolicyInput = z.infer<typeof CancelPolicyInput>;

/** POST /portal/policies/{id}/cancel: the client's own policy, now, reason_code CLIENT_REQUEST. */
export const PortalCancelInput = z.object({ reason: CancellationReason }).strict();

export const CancellationResponse = z.object({
  policy: PolicyDetailResponse,
  refund_amount: MoneyString.describe("What is refunded, positive (0.00 outside the cooling-off period)"),
  refunds: z
    .array(TransactionResponse)
    .describe(
      "One REFUND transaction (negative amount) per premium received: PAID or PENDING as the processor reports a card refund, PENDING for a manual payment until it is marked refunded",
    ),
});
export type CancellationResponse = z.infer<typeof CancellationResponse>;
CancellationResponse.register(z.globalRegistry, { id: "Cancellation" });

/** POST /payments/transactions/{id}/mark-refunded. */
export const MarkRefundedInput = z
  .object({
    reference: z
      .string()
      .trim()
      .min(1)
      .max(255)
      .optional()
      .describe("The bank reference or receipt of the money paid back (default: the refund's own)"),
  })
  .strict();

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
export const EndorsementsResponse = z.array(EndorsementResponse);

export const EndorsePolicyResponse = z.object({
  endorsement: EndorsementResponse,
  policy: PolicyResponse.extend({ beneficiaries: z.array(PreviewBeneficiary) }).describe(
    "The policy after the endorsement (in a dry run: as it would be)",
  ),
});
export type EndorsePolicyResponse = z.infer<typeof EndorsePolicyResponse>;

/**
 * A life of an imported policy (lifecycle.md section 9): as in issue, with the day its cover began. Its
 * date of birth is checked against today with the import's other rules (prepare-import.ts), the same
 * `date_in_future` as issue's BirthDate, so that one answer lists every problem of the policy.
 */
export const ImportBeneficiaryInput = BeneficiaryInput.extend({
  date_of_birth: DateOnly.describe("YYYY-MM-DD, not after today (UTC): else 422 `date_in_future`"),
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
  imported: RowCount().describe("Policies imported (every row's policy: a file is imported whole or not at all)"),
});
export type ImportBookResponse = z.infer<typeof ImportBookResponse>;
ImportBookResponse.register(z.globalRegistry, { id: "ImportBook" });

export const ImportTemplateQuery = z.object({
  format: z.enum(["xlsx", "csv"], { message: "must be xlsx or csv" }).default("xlsx"),
});
