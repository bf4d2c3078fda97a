import { z } from "zod";
import { CANCELLATION_REASON_CODES } from "@/db/enums";
import { DateOnly, PolicyDetailResponse } from "@/lib/emission/schemas";
import { TransactionResponse } from "@/lib/payments/schemas";
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

/** One life of a term: its age on the term's first day and its monthly price in that term. */
export const TermLifeResponse = z.object({
  beneficiary_id: Uuid,
  age: z.number().int().describe("The life's age on the first day of the term"),
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
  term_number: z.number().int(),
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
