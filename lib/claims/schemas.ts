import { z } from "zod";
import { MAX_CLAIM_DOCUMENT_BYTES } from "./documents/limits";
import {
  CountryCode,
  DecimalInput,
  MoneyString,
  paginated,
  PaginationQuery,
  PersonEmail,
  PersonName,
  SearchText,
  Uuid,
  withSomeChange,
} from "@/lib/schemas";
import { DateOnly } from "@/lib/emission/schemas";
import {
  CAUSES_OF_DEATH,
  CLAIM_STATUSES,
  EXPENSE_TYPES,
  PAYEE_TYPES,
  PAYOUT_METHODS,
  REQUIREMENT_STATUSES,
} from "@/db/enums";

export { EXPENSE_TYPES, type ExpenseType } from "@/db/enums";

const CurrencyCode = z.string().regex(/^[A-Z]{3}$/, { message: "must be a three-letter upper-case currency code" });

/** Money per currency: `{"USD": "1250.50"}`, a currency only when it has an amount. */
const MoneyByCurrency = z.record(z.string(), MoneyString);

export const CauseOfDeath = z.enum(CAUSES_OF_DEATH, { message: `must be one of ${CAUSES_OF_DEATH.join(", ")}` });

/** The facts of a death (claims-cover.md section 1), as a claim is created or corrected with them. */
const DeathFacts = {
  date_of_death: DateOnly.optional().describe("Not after today (UTC), not before the life's date of birth: else 422"),
  cause_of_death: CauseOfDeath.optional(),
  place_of_death_country: CountryCode.optional(),
  repatriation_to_country: CountryCode.optional().describe(
    "Default: the life's country_of_residence, else the client's country_of_residence, else the client's nationality",
  ),
};

/** A recorded correction of an expense's or a payout's amount (docs/claims.md, "Decided claims"). */
export const ClaimCorrectionResponse = z.object({
  id: Uuid,
  previous_amount: MoneyString.describe("The amount this correction replaced"),
  amount: MoneyString.describe("The amount from this correction on"),
  reason: z.string(),
  corrected_by: z.string().describe('A user id, "api_key:<id>" or "system:<name>"'),
  corrected_by_name: PersonName,
  corrected_at: z.string(),
});
export type ClaimCorrectionResponse = z.infer<typeof ClaimCorrectionResponse>;

const CorrectionFields = {
  original_amount: MoneyString.describe("The amount as first recorded; `amount` differs from it after a correction"),
  corrections: z.array(ClaimCorrectionResponse).describe("The recorded corrections of the amount, oldest first"),
};

export const ClaimExpenseResponse = z.object({
  id: Uuid,
  amount: MoneyString,
  currency: z.string(),
  expense_type: z.enum(EXPENSE_TYPES),
  receipt_url: z.string().nullable(),
  created_at: z.string(),
  ...CorrectionFields,
});
export type ClaimExpenseResponse = z.infer<typeof ClaimExpenseResponse>;

export const ClaimStatusHistoryResponse = z.object({
  from_status: z.enum(CLAIM_STATUSES).nullable(),
  to_status: z.enum(CLAIM_STATUSES),
  changed_by: z.string().describe('A user id, "api_key:<id>" or "system:<name>"'),
  changed_by_name: PersonName,
  changed_by_email: PersonEmail,
  reason: z.string(),
  changed_at: z.string(),
});

export const WaitingPeriodResponse = z.object({
  cause: CauseOfDeath.describe(
    "The cause the waiting period was chosen by (UNDETERMINED: the longer of natural and preexisting)",
  ),
  days: z.number().int().min(0).max(36_500).describe("The catalog's waiting periods: 0 to 36,500 days"),
  cover_start_date: z
    .string()
    .describe("The day it counts from: the life's cover start, or reinstated_on when later and not after the death"),
  ends_on: z.string().describe("cover_start_date + days"),
  met: z.boolean().describe("The date of death is on or after ends_on"),
});

export const ELIGIBILITY_REASON_CODES = [
  "policy_not_started",
  "never_paid",
  "premium_unpaid_beyond_grace",
  "policy_ended",
  "life_not_yet_covered",
  "life_cover_ended",
  "waiting_period_not_met",
] as const;
export type EligibilityReasonCode = (typeof ELIGIBILITY_REASON_CODES)[number];

export const EligibilityResponse = z.object({
  covered: z.boolean().describe("Every condition below holds"),
  in_force_on_date_of_death: z.boolean(),
  life_covered_on_date_of_death: z.boolean(),
  in_grace_period: z.boolean().describe("The death fell after the paid-to date, within the grace period"),
  premium_outstanding: MoneyString.describe("Premiums due and unpaid on the date of death"),
  waiting_period: WaitingPeriodResponse,
  reasons: z.array(z.string()).describe("Why not covered, one sentence each (English); empty when covered"),
  reason_codes: z
    .array(z.enum(ELIGIBILITY_REASON_CODES))
    .describe("The same reasons as stable codes, in the same order, for pages that say them in their own language"),
});
export type EligibilityResponse = z.infer<typeof EligibilityResponse>;

export const ClaimRequirementResponse = z.object({
  code: z.string(),
  label: z.string().describe("As the checklist names it (the built-in items in English; pages translate them by code)"),
  mandatory: z.boolean(),
  status: z.enum(REQUIREMENT_STATUSES),
  document_id: Uuid.nullable().describe("The latest upload for the item"),
  note: z.string().nullable(),
});
export type ClaimRequirementResponse = z.infer<typeof ClaimRequirementResponse>;

export const ClaimDocumentResponse = z.object({
  id: Uuid,
  requirement_code: z.string(),
  filename: z.string(),
  content_type: z.enum(["application/pdf", "image/jpeg", "image/png"]),
  size: z.number().int().min(1).max(MAX_CLAIM_DOCUMENT_BYTES).describe("Bytes"),
  sha256: z.string(),
  uploaded_at: z.string(),
});
export type ClaimDocumentResponse = z.infer<typeof ClaimDocumentResponse>;

export const ClaimPayoutResponse = z.object({
  id: Uuid,
  payee_type: z.enum(PAYEE_TYPES),
  payee_name: z.string(),
  amount: MoneyString,
  currency: z.string(),
  method: z.enum(PAYOUT_METHODS),
  reference: z.string().nullable(),
  created_by: z.string().describe('A user id, "api_key:<id>" or "system:<name>"'),
  created_by_name: PersonName,
  created_at: z.string(),
  ...CorrectionFields,
});
export type ClaimPayoutResponse = z.infer<typeof ClaimPayoutResponse>;

export const ClaimResponse = z.object({
  id: Uuid,
  claim_number: z
    .string()
    .describe(
      '"CLM-2026-000123": given when the claim is opened, sequential per company and year, unique in the company',
    ),
  policy_id: Uuid,
  beneficiary_id: Uuid,
  description: z.string(),
  status: z.enum(CLAIM_STATUSES),
  reported_at: z.string(),
  waiting_period_met: z
    .boolean()
    .describe(
      "eligibility.waiting_period.met when the date of death is known; before that, false while the report date is within the version's wtime_preexisting days of the policy's start",
    ),
  date_of_death: z.string().nullable(),
  cause_of_death: CauseOfDeath,
  place_of_death_country: z.string().nullable(),
  repatriation_to_country: z.string().nullable(),
  eligibility: EligibilityResponse.nullable().describe("Null while the date of death is unknown"),
  requirements: z.array(ClaimRequirementResponse),
  documents: z.array(ClaimDocumentResponse).describe("Every upload, oldest first"),
  expenses: z.array(ClaimExpenseResponse),
  total_expenses: MoneyByCurrency.describe('The sum of the expenses per currency: {"USD": "1250.50"}'),
  payouts: z.array(ClaimPayoutResponse),
  total_paid_out: MoneyByCurrency.describe("The sum of the payouts per currency"),
  approved_at: z.string().nullable(),
  settle_by: z.string().nullable().describe("approved_at + CLAIM_SETTLEMENT_DAYS x 24 hours (default 2)"),
  is_overdue: z.boolean().describe("Now is past settle_by and the claim is not CLOSED"),
  status_history: z.array(ClaimStatusHistoryResponse),
});
export type ClaimResponse = z.infer<typeof ClaimResponse>;
ClaimResponse.register(z.globalRegistry, { id: "Claim" });

export const CLAIM_SORTS = ["-reported_at", "reported_at"] as const;

export const ListClaimsQuery = PaginationQuery.extend({
  q: SearchText.optional().describe(
    'Matches the start of the claim number ("clm-2026-0001") or of the policy number, in any letter case, or text anywhere in the name of the client or of the deceased, in any letter case and with or without accents ("ramirez" finds "Ana Ramírez")',
  ),
  status: z.enum(CLAIM_STATUSES).optional(),
  policy_id: Uuid.optional(),
  sort: z
    .enum(CLAIM_SORTS)
    .default("-reported_at")
    .describe(
      "Overdue claims come first either way; then `-reported_at` (default): newest report first; `reported_at`: oldest first",
    ),
});
export type ListClaimsQuery = z.infer<typeof ListClaimsQuery>;

export const PaginatedClaims = paginated(ClaimResponse);

const Description = z.string().trim().min(1, { message: "is required" }).max(5000);

export const CreateClaimInput = z.object({
  policy_id: Uuid,
  beneficiary_id: Uuid,
  description: Description,
  ...DeathFacts,
});
export type CreateClaimInput = z.infer<typeof CreateClaimInput>;

/** POST /portal/claims: a client reports a death on its own policy; the date is required there. */
export const ReportDeathInput = CreateClaimInput.extend({ date_of_death: DateOnly });
export type ReportDeathInput = z.infer<typeof ReportDeathInput>;

/** PATCH /claims/{id}: at least one field (422 no_changes). */
export const UpdateClaimInput = withSomeChange(z.object({ ...DeathFacts, description: Description.optional() }));
export type UpdateClaimInput = z.infer<typeof UpdateClaimInput>;

export const RequirementItem = z.object({
  code: z.string().regex(/^[A-Z][A-Z0-9_]{1,39}$/, {
    message: "must be 2 to 40 upper-case letters, digits or _, starting with a letter",
  }),
  label: z.string().trim().min(1, { message: "is required" }).max(200),
  mandatory: z.boolean().default(true),
});
export type RequirementItem = z.infer<typeof RequirementItem>;

export const RequirementListQuery = z.object({ country: CountryCode.optional() });

export const PutRequirementListInput = z.object({
  country: CountryCode.nullable().describe("A destination's extra items; null: the company's base list"),
  items: z
    .array(RequirementItem)
    .max(50)
    .refine((items) => new Set(items.map((item) => item.code)).size === items.length, {
      message: "codes must be unique",
      params: { code: "duplicate_code" },
    }),
});
export type PutRequirementListInput = z.infer<typeof PutRequirementListInput>;

export const RequirementListResponse = z.object({
  country: z.string().nullable(),
  items: z.array(RequirementItem.required()),
});
export type RequirementListResponse = z.infer<typeof RequirementListResponse>;

/** An upload's form: its `file` and the checklist item it is for. */
export const UploadClaimDocumentForm = z.object({
  file: z.any().describe("A PDF, JPEG or PNG (decided by content) of at most 10 MiB"),
  requirement_code: z.string().trim().min(1, { message: "is required" }).max(40),
});

export const ReviewRequirementInput = z.object({
  status: z.enum(["ACCEPTED", "REJECTED"], { message: "must be ACCEPTED or REJECTED" }),
  note: z.string().trim().max(1000).optional(),
});
export type ReviewRequirementInput = z.infer<typeof ReviewRequirementInput>;

export const RequirementParams = z.object({ id: Uuid, code: z.string().max(40) });
export const DocumentParams = z.object({ id: Uuid, document_id: Uuid });

export const CreatePayoutInput = z.object({
  payee_type: z.enum(PAYEE_TYPES, { message: `must be one of ${PAYEE_TYPES.join(", ")}` }),
  payee_name: z.string().trim().min(1, { message: "is required" }).max(200),
  amount: DecimalInput({ min: 0.01 }),
  currency: CurrencyCode,
  method: z.enum(PAYOUT_METHODS, { message: `must be one of ${PAYOUT_METHODS.join(", ")}` }),
  reference: z.string().trim().max(200).optional(),
});
export type CreatePayoutInput = z.infer<typeof CreatePayoutInput>;

export const CreateExpenseInput = z.object({
  amount: DecimalInput({ min: 0.01 }),
  currency: CurrencyCode.default("USD"),
  expense_type: z.enum(EXPENSE_TYPES, { message: `must be one of ${EXPENSE_TYPES.join(", ")}` }),
  receipt_url: z
    .url({ protocol: /^https?$/, message: "must be an http(s) URL" })
    .max(2000)
    .optional(),
});
export type CreateExpenseInput = z.infer<typeof CreateExpenseInput>;

export const ClaimStatusInput = z.object({
  status: z.enum(CLAIM_STATUSES, { message: `must be one of ${CLAIM_STATUSES.join(", ")}` }),
  reason: z.string().trim().min(1, { message: "a reason is required" }).max(1000),
  override: z
    .boolean()
    .optional()
    .describe("Approve or close despite what blocks it (claims:override; 403 without). Audited CLAIM_OVERRIDDEN"),
});
export type ClaimStatusInput = z.infer<typeof ClaimStatusInput>;

/** PATCH /claims/{id}/expenses/{expense_id}: while the claim is undecided; at least one field. */
export const UpdateExpenseInput = withSomeChange(
  z.object({
    amount: DecimalInput({ min: 0.01 }).optional(),
    currency: CurrencyCode.optional(),
    expense_type: z.enum(EXPENSE_TYPES, { message: `must be one of ${EXPENSE_TYPES.join(", ")}` }).optional(),
    receipt_url: z
      .url({ protocol: /^https?$/, message: "must be an http(s) URL" })
      .max(2000)
      .nullable()
      .optional(),
  }),
);
export type UpdateExpenseInput = z.infer<typeof UpdateExpenseInput>;

/** POST .../expenses/{expense_id}/corrections and .../payouts/{payout_id}/corrections. */
export const CorrectionInput = z.object({
  amount: DecimalInput({ min: 0 }).describe("The right amount, in the line's currency; 0 cancels the line"),
  reason: z.string().trim().min(1, { message: "a reason is required" }).max(1000),
});
export type CorrectionInput = z.infer<typeof CorrectionInput>;

export const ExpenseParams = z.object({ id: Uuid, expense_id: Uuid });
export const PayoutParams = z.object({ id: Uuid, payout_id: Uuid });
