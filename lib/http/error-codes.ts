import { ISSUE_CODES } from "@/lib/i18n/issue-code";

// The stable codes of the API's errors (localisation.md section 3): the `code` beside every error's
// English `detail`, and the `code` of each item of a 422's `errors` list. Partner apps and pages branch
// on them and show their own words; they never change with the language. Listed in the OpenAPI
// document's Error schema and in docs/languages.md.

/** The `code` of an error body: [code, status and meaning]. */
export const ERROR_CODES: ReadonlyArray<readonly [string, string]> = [
  ["bad_request", "400: the request cannot be served as it is (an inactive plan version, an unreadable file)"],
  ["invalid_token", "400: a link's token is unknown, used, expired or replaced"],
  ["password_reused", "400: the new password is one of the last 5 used"],
  ["unauthorized", "401: missing, malformed, expired or revoked credentials"],
  ["payment_required", "402: the payment cannot go ahead"],
  ["forbidden", "403: the caller lacks the permission (or is an API key where a user is needed)"],
  ["email_not_verified", "403: the signed-in client has not verified its e-mail yet"],
  ["no_client", "403: no client has the signed-in user's e-mail"],
  ["onboarding_completed", "403: the seller's payout onboarding is already complete"],
  ["not_found", "404: an unknown record, or one outside the caller's scope; also an unknown path"],
  ["method_not_allowed", "405: the path does not take this method (the Allow header lists those it takes)"],
  ["conflict", "409: the request conflicts with what is stored (a taken e-mail or name, a move not allowed)"],
  ["already_verified", "409: the e-mail address is already verified"],
  ["last_admin", "409: the change would leave no active ADMIN"],
  ["email_taken", "409: a lead's conversion names a new client whose e-mail another client has"],
  ["claim_decided", "409: an expense of a decided claim is edited or deleted; record a correction instead"],
  ["claim_closed", "409: a CLOSED claim's expenses and payouts can no longer be corrected"],
  ["payload_too_large", "413: the body or file is larger than the route takes"],
  ["validation_error", "422: invalid input; `errors` lists each field with its own code"],
  ["weak_password", "422: a common password, or one containing the e-mail's name"],
  ["business_rule", "422: a rule of the business refuses the request; `errors` names the fields"],
  ["invalid_spreadsheet", "422: an uploaded file that is not a usable spreadsheet, or rows that break a rule"],
  ["rate_limited", "429: too many requests; Retry-After says when to try again"],
  ["internal", "500: an unexpected error (no internals are returned)"],
  ["external_service", "502, 503 or 504: an outside service (card processor, model provider, e-mail) failed"],
  ["job_failed", "503: a document could not be rendered within the resources a render may use"],
  ["job_timed_out", "503: parsing or rendering took too long"],
  ["unavailable", "503: the database is not available"],
];

/**
 * The `code` of an item of `errors`: the validation codes of every schema (lib/i18n/issue-code.ts) and
 * the rules' own. Items of an uploaded spreadsheet's rows use the same codes.
 */
export const ITEM_CODES: ReadonlyArray<readonly [string, string]> = [
  ...ISSUE_CODES.map((code) => [code, "a field's value breaks a schema rule"] as const),
  ["no_changes", "an edit without any field to change"],
  ["too_deep", "a body nested more than 32 levels deep"],
  ["invalid_phone", "a phone number that is not valid for its country"],
  ["unknown_country", "a country code that is not an ISO 3166-1 country"],
  ["unknown_zone", "an unknown zone"],
  ["unknown_company", "an unknown company (or one the caller may not name)"],
  ["unknown_role", "an unknown role"],
  ["not_product_company", "a plan's company other than its product's"],
  ["permission_not_for_keys", "a permission an API key cannot hold"],
  ["not_in_future", "a date that must be in the future"],
  ["out_of_range", "a number outside its range"],
  ["not_whole_amount", "an amount with decimals its currency does not have"],
  ["unsupported_currency", "a currency that is not configured or cannot be held"],
  ["wrong_currency", "a currency other than the policy's"],
  ["renewal_age_below_entry_age", "max_renewal_age below max_entry_age"],
  ["min_above_max", "a range whose minimum is above its maximum"],
  ["overlapping_band", "an age band that overlaps another"],
  ["duplicate", "an item listed twice"],
  ["weak_password", "a common password, or one containing the e-mail's name"],
  ["date_in_past", "a start date before today (UTC)"],
  ["date_in_future", "a date after today (UTC): a birth date, an imported policy's dates, a day to run or report on"],
  ["duplicate_kinship", "more than one SELF or SPOUSE beneficiary"],
  ["born_after_start", "a beneficiary born after the start date"],
  ["above_max_entry_age", "a beneficiary older than the plan's maximum entry age at the start date"],
  ["not_available_in_country", "the plan is not sold in the beneficiary's country"],
  ["policy_not_active", "a policy that is not active today"],
  ["not_policy_beneficiary", "a beneficiary of another policy (or an unknown one)"],
  ["beneficiary_deceased", "a deceased life, which an endorsement cannot remove"],
  ["already_removed", "a life whose cover has already ended"],
  ["no_life_left", "a change that would leave a policy without a covered life"],
  ["unknown_column", "a spreadsheet column that is not the template's"],
  ["duplicate_column", "a spreadsheet column that appears twice"],
  ["missing_column", "a required spreadsheet column that is missing"],
  ["wrong_cell_count", "a spreadsheet row with another number of cells than the header"],
  ["formula_not_allowed", "a spreadsheet cell that starts like a formula (=, +, - or @)"],
  [
    "unsupported_file_type",
    "an uploaded file whose content is not of a type the route takes (a claim document: PDF, JPEG or PNG)",
  ],
  ["unknown_requirement", "a requirement_code that is not an item of the claim's checklist"],
  ["document_required", "a checklist item accepted before a document was uploaded for it"],
  ["expenses_below_payouts", "a claim expense corrected below what was paid out in its currency"],
  ["invalid_cursor", "a list's cursor this service did not make for that list (forged, altered or another list's)"],
  ["client_or_client_id", "a lead's conversion that names no client, or both an existing and a new one"],
  ["not_lead_company", "a client of another company than the lead's, which the lead cannot become"],
];

/** The codes as the OpenAPI Error schema describes them. */
export function errorCodesDescription(): string {
  const list = (codes: ReadonlyArray<readonly [string, string]>) =>
    codes.map(([code, meaning]) => `\`${code}\` (${meaning})`).join("; ");
  const issues = ISSUE_CODES.map((code) => `\`${code}\``).join(", ");
  const rules = ITEM_CODES.filter(([code]) => !(ISSUE_CODES as readonly string[]).includes(code));
  return [
    "An error: the English `detail` for people and a stable snake_case `code` for programs, the same in every language.",
    `Codes: ${list(ERROR_CODES)}.`,
    `Each item of \`errors\` ({path, message, code}; the rows of an uploaded spreadsheet {row, column, message, code}, row 1 being the header and column null the whole row) has a code too: a schema's ${issues}; or a rule's own: ${list(rules)}.`,
  ].join("\n\n");
}
