import type { z } from "zod";

// The stable code of a validation problem (localisation.md section 3): the API puts it on each item of a
// 422's `errors` beside the English message, and pages show their own words for it from the
// `validation` catalog, so the same rule reads the same in every language and on every form.

export const ISSUE_CODES = [
  "required",
  "too_short",
  "too_long",
  "too_small",
  "too_large",
  "too_few",
  "too_many",
  "not_a_number",
  "not_an_integer",
  "not_multiple",
  "invalid_type",
  "invalid_email",
  "invalid_date",
  "invalid_id",
  "invalid_format",
  "invalid_choice",
  "unknown_field",
  "invalid",
] as const;
export type IssueCode = (typeof ISSUE_CODES)[number];

/** What a message for the code may name: the limit that was passed. */
export type IssueParams = { min?: number; max?: number };

type Issue = Pick<z.core.$ZodIssue, "code" | "message"> & {
  input?: unknown;
  origin?: string;
  expected?: string;
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  params?: Record<string, unknown>;
};

function isMissing(issue: Issue): boolean {
  return ("input" in issue && issue.input === undefined) || /received undefined$/.test(issue.message);
}

/**
 * The code of a zod issue. A refinement names its own code with `params: { code }` (a code of the
 * contract, such as `birth_date_in_future`); one without it is `invalid`.
 */
export function issueCode(issue: Issue): { code: string; params: IssueParams } {
  const min = issue.minimum === undefined ? undefined : Number(issue.minimum);
  const max = issue.maximum === undefined ? undefined : Number(issue.maximum);
  switch (issue.code) {
    case "invalid_type":
      if (isMissing(issue)) return { code: "required", params: {} };
      if (issue.expected === "int") return { code: "not_an_integer", params: {} };
      if (issue.expected === "number") return { code: "not_a_number", params: {} };
      return { code: "invalid_type", params: {} };
    case "too_small":
      if (issue.origin === "string") return { code: min === 1 ? "required" : "too_short", params: { min } };
      if (issue.origin === "array" || issue.origin === "set") return { code: "too_few", params: { min } };
      return { code: "too_small", params: { min } };
    case "too_big":
      if (issue.origin === "string") return { code: "too_long", params: { max } };
      if (issue.origin === "array" || issue.origin === "set") return { code: "too_many", params: { max } };
      return { code: "too_large", params: { max } };
    case "invalid_format":
      if (issue.format === "email") return { code: "invalid_email", params: {} };
      if (issue.format === "date" || issue.format === "datetime") return { code: "invalid_date", params: {} };
      if (issue.format === "uuid" || issue.format === "guid") return { code: "invalid_id", params: {} };
      return { code: "invalid_format", params: {} };
    case "not_multiple_of":
      return { code: "not_multiple", params: {} };
    case "invalid_value":
      return { code: "invalid_choice", params: {} };
    case "unrecognized_keys":
      return { code: "unknown_field", params: {} };
    case "custom": {
      const own = issue.params?.code;
      return { code: typeof own === "string" ? own : "invalid", params: {} };
    }
    default:
      return { code: "invalid", params: {} };
  }
}
