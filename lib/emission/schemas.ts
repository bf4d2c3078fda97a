import { z } from "zod";
import { CANCELLATION_REASON_CODES, KINSHIP_TYPES, LANGUAGES, POLICY_STATUSES } from "@/db/enums";
import {
  AgeYears,
  CountryCode,
  Email,
  MoneyString,
  paginated,
  PaginationQuery,
  PersonEmail,
  PersonName,
  PhoneInput,
  SearchText,
  TermNumber,
  Uuid,
  withSomeChange,
} from "@/lib/schemas";
import { todayUtc } from "./dates";

export { KINSHIP_TYPES, type KinshipType } from "@/db/enums";

/** A calendar date, YYYY-MM-DD, that exists (no 2026-02-30). */
export const DateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "must be a date written YYYY-MM-DD" })
  .refine(
    (value) => {
      // zod runs the check after a failed regex too; an unparsable text is an Invalid Date, whose toISOString throws.
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    },
    { message: "is not a calendar date", params: { code: "invalid_date" } },
  );

/**
 * A date of birth: a calendar date that is not after today (UTC, the day every date of the API is judged
 * in), else 422 `date_in_future`. The one rule of every birth date the service takes (a client's, a
 * covered life's at issue, endorsement and bulk upload); pages run it too, through the same schemas.
 */
export const BirthDate = DateOnly.refine((value) => value <= todayUtc(), {
  error: () => `must not be after today (${todayUtc()} UTC)`,
  params: { code: "date_in_future" },
  // Only a real calendar date is compared: a malformed one has its own problem already.
  when: (payload) => payload.issues.length === 0,
});

const Name = z.string().trim().min(1, { message: "is required" }).max(120);

/** A language of the product (localisation.md section 1). */
export const PreferredLanguage = z.enum(LANGUAGES, { message: `must be one of ${LANGUAGES.join(", ")}` });

export const CreateClientInput = z.object({
  first_name: Name,
  last_name: Name,
  email: Email,
  birth_date: BirthDate.describe("YYYY-MM-DD, not after today (UTC): else 422 `date_in_future`"),
  nationality: CountryCode,
  country_of_residence: CountryCode,
  acquisition_channel: z.string().trim().max(100).optional(),
  phone_e164: PhoneInput.optional().describe(
    "For messages by messaging app (payment reminders). E.164 (+525512345678), or the national form of country_of_residence (55 1234 5678); stored and returned in E.164. A number that is not valid for its country is 422",
  ),
  preferred_language: PreferredLanguage.optional().describe(
    "The language of the client's certificate, wallet pass and notifications. Default: the saved locale of the user who registers the client, else DEFAULT_LOCALE (an API key's clients get DEFAULT_LOCALE)",
  ),
});
export type CreateClientInput = z.infer<typeof CreateClientInput>;

/** PATCH /emission/clients/{id}: the fields given change, with the rules of creation (localisation.md section 1). */
export const UpdateClientInput = withSomeChange(
  z
    .object({
      first_name: Name.optional(),
      last_name: Name.optional(),
      email: Email.optional().describe("Unique across every client in any letter case (409)"),
      phone_e164: PhoneInput.nullable()
        .optional()
        .describe(
          "E.164, or the national form of the client's country of residence (the new one when it changes too); null removes the number",
        ),
      country_of_residence: CountryCode.optional(),
      preferred_language: PreferredLanguage.optional().describe(
        "The language of the client's certificate, wallet pass and notifications",
      ),
    })
    .strict(),
);
export type UpdateClientInput = z.infer<typeof UpdateClientInput>;

export const ClientResponse = z.object({
  id: Uuid,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  birth_date: z.string(),
  nationality: z.string(),
  country_of_residence: z.string(),
  acquisition_channel: z.string().nullable(),
  phone_e164: z.string().nullable(),
  preferred_language: z.enum(LANGUAGES),
  company_id: Uuid,
  created_at: z.string(),
});
export type ClientResponse = z.infer<typeof ClientResponse>;
ClientResponse.register(z.globalRegistry, { id: "Client" });

export const ListClientsQuery = PaginationQuery.extend({
  q: SearchText.optional().describe("Matches the start of a name or e-mail, in any letter case"),
});

export const BeneficiaryInput = z.object({
  first_name: Name,
  last_name: Name,
  kinship_type: z.enum(KINSHIP_TYPES, { message: `must be one of ${KINSHIP_TYPES.join(", ")}` }),
  date_of_birth: BirthDate.describe("YYYY-MM-DD, not after today (UTC): else 422 `date_in_future`"),
  country_of_residence: CountryCode.optional().describe(
    "Where this person lives, when not with the client; availability is checked there",
  ),
});
export type BeneficiaryInput = z.infer<typeof BeneficiaryInput>;

/** The most people one policy covers, by issue or by bulk upload. */
export const MAX_BENEFICIARIES = 1000;

export const IssuePolicyInput = z.object({
  client_id: Uuid,
  plan_version_id: Uuid,
  start_date: DateOnly,
  beneficiaries: z
    .array(BeneficiaryInput)
    .min(1, { message: "at least one beneficiary is required" })
    .max(MAX_BENEFICIARIES, { message: `at most ${MAX_BENEFICIARIES} beneficiaries` }),
});
export type IssuePolicyInput = z.infer<typeof IssuePolicyInput>;

export const BeneficiaryResponse = z.object({
  id: Uuid,
  first_name: z.string(),
  last_name: z.string(),
  kinship_type: z.enum(KINSHIP_TYPES),
  date_of_birth: z.string(),
  country_of_residence: z.string().nullable(),
  age_at_start: AgeYears(),
  age_at_term_start: AgeYears().describe("The life's age on the first day of the current term"),
  price: MoneyString.describe("The life's monthly price in the current term"),
  deceased_flag: z.boolean(),
  cover_start_date: z.string().describe("The policy's start_date, or the day the life was added"),
  cover_end_date: z
    .string()
    .nullable()
    .describe("The last day of cover: removed, died, or not kept at a renewal; null while covered"),
});

export const StatusHistoryResponse = z.object({
  from_status: z.enum(POLICY_STATUSES).nullable(),
  to_status: z.enum(POLICY_STATUSES),
  changed_by: z.string().describe('A user id, "api_key:<id>" or "system:<name>"'),
  changed_by_name: PersonName,
  changed_by_email: PersonEmail,
  reason: z.string(),
  changed_at: z.string(),
  effective_date: z.string().describe("The day the move took effect (a late-found lapse: the lapse day)"),
});

export const PolicyResponse = z.object({
  id: Uuid,
  policy_number: z.string(),
  client_id: Uuid,
  plan_version_id: Uuid,
  company_id: Uuid,
  business_unit_id: Uuid.nullable(),
  start_date: z.string().describe("The inception date; never changes, renewals included"),
  term_number: TermNumber.describe("1 for the first term, +1 at each renewal"),
  term_start_date: z.string().describe("The first day of the current term"),
  end_date: z.string().describe("The last day of the current term"),
  currency: z.string(),
  final_price: MoneyString.describe("The monthly premium in force now"),
  status: z.enum(POLICY_STATUSES),
  paid_to_date: z.string().nullable().describe("The last day covered by premiums received; null before the first"),
  next_due_date: z.string().describe("paid_to_date + 1 day (start_date when nothing is paid yet)"),
  credit: MoneyString.describe("Money received and not yet enough for a whole premium"),
  grace_ends_on: z.string().nullable().describe("paid_to_date + grace_period_days while IN_ARREARS, else null"),
  lapsed_on: z.string().nullable(),
  reinstatable_until: z
    .string()
    .nullable()
    .describe("lapsed_on + reinstatement_window_days while LAPSED and the window is open, else null"),
  reinstated_on: z.string().nullable(),
  auto_renew: z.boolean(),
  cancel_at: z.string().nullable().describe("Set while a cancellation waits for the end of the paid period"),
  cancellation_reason_code: z.enum(CANCELLATION_REASON_CODES).nullable(),
  beneficiaries: z.array(BeneficiaryResponse),
  created_at: z.string(),
});
export type PolicyResponse = z.infer<typeof PolicyResponse>;
PolicyResponse.register(z.globalRegistry, { id: "Policy" });

/** The policy page: the policy, its history, and the names a person reads instead of ids. */
export const PolicyDetailResponse = PolicyResponse.extend({
  status_history: z.array(StatusHistoryResponse),
  client_name: z.string(),
  product_name: z.string(),
  plan_name: z.string(),
  version_label: z.string(),
});
PolicyDetailResponse.register(z.globalRegistry, { id: "PolicyDetail" });

export const PolicyListItem = PolicyResponse.omit({ beneficiaries: true }).extend({
  client_name: z.string(),
  plan_name: z.string(),
  beneficiary_count: z.number().int().min(0).max(MAX_BENEFICIARIES),
});

export const ListPoliciesQuery = PaginationQuery.extend({
  status: z.enum(POLICY_STATUSES).optional(),
  client_id: Uuid.optional(),
  start_from: DateOnly.optional().describe("Policies starting on or after this date"),
  start_to: DateOnly.optional().describe("Policies starting on or before this date"),
  q: SearchText.optional().describe("Matches the start of the policy number or of the client's name"),
});
export type ListPoliciesQuery = z.infer<typeof ListPoliciesQuery>;

export const TransitionInput = z.object({
  to_status: z.enum(POLICY_STATUSES, { message: `must be one of ${POLICY_STATUSES.join(", ")}` }),
  reason: z.string().trim().min(1, { message: "a reason is required" }).max(1000),
});

export const MarkDeceasedResponse = z.object({
  beneficiary_id: Uuid,
  deceased_flag: z.literal(true),
  claim_id: Uuid,
  claim_number: z.string().describe('The claim\'s number, "CLM-2026-000123"'),
});

/** Whom a client calls at an insurer: what the company's profile holds, each null until it is filled in. */
export const PortalCompanyContact = z.object({
  name: z.string(),
  address: z.string().nullable(),
  contact_phone: z.string().nullable(),
  contact_email: z.string().nullable(),
});

export const PortalPolicy = PolicyResponse.extend({
  pdf_url: z.string(),
  passbook_url: z.string(),
  plan_name: z.string(),
  next_premium: z
    .object({
      due_date: z.string().describe("next_due_date: the first day not yet paid for"),
      amount: MoneyString.describe("The monthly premium in force now (final_price)"),
      currency: z.string(),
    })
    .nullable()
    .describe(
      "Null when nothing more is owed: a status that takes no payment, a cancellation at the end of the paid period, or a last term that does not renew",
    ),
  contacts: z.object({
    company: PortalCompanyContact.describe("The company the policy was issued under"),
    seller: z
      .object({ name: z.string().nullable(), email: z.string() })
      .nullable()
      .describe("The user who issued the policy, while active; null for an import or an API key"),
  }),
});
export const PortalResponse = z.object({
  client: ClientResponse,
  company: PortalCompanyContact.describe("The client's insurer: the company of its client record"),
  policies: z.array(PortalPolicy),
});

export const PaginatedClients = paginated(ClientResponse);
export const PaginatedPolicies = paginated(PolicyListItem);

// GET /public/verify/{token}: the standing of the policy behind a QR code.
export const VerifyParams = z.object({ token: z.string().max(100) });

export const VerificationResponse = z.object({
  policy_number: z.string(),
  status: z.enum(POLICY_STATUSES),
  /** True while the policy covers its people (ACTIVE or IN_ARREARS) and today is within its dates. */
  in_force: z.boolean(),
  valid_from: z.string(),
  valid_to: z.string(),
  holder_initials: z.string(),
  plan_name: z.string(),
});
export type VerificationResponse = z.infer<typeof VerificationResponse>;
