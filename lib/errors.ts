// The domain errors services throw. They know nothing of HTTP; lib/http/errors.ts maps them to statuses.
// Each class has a machine `code` for the body; a rule with a code of its own in the contract (trust.md:
// "invalid_token", "email_not_verified", ...) passes it as the last argument.
//
// Every item of a 422's `errors` carries a stable snake_case `code` beside its English message
// (localisation.md section 3): the zod issue codes of lib/i18n/issue-code.ts (`required`, `too_long`, ...)
// or a rule's own (`unknown_country`, `birth_date_after_start`, ...), so that pages show their own words.
export type FieldError = { path: string; message: string; code: string };

export class DomainError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Malformed or invalid input (422), optionally with one entry per bad field. */
export class ValidationError extends DomainError {
  constructor(
    message: string,
    readonly errors: FieldError[] = [],
    code = "validation_error",
  ) {
    super(message, code);
  }
}
/** A rule of the business refuses the request (age limit, availability, claim rules): 422. */
export class BusinessRuleError extends DomainError {
  constructor(
    message: string,
    /** Where in the input the rule failed, when it is about one field (a beneficiary's date of birth). */
    readonly errors: FieldError[] = [],
  ) {
    super(message, "business_rule");
  }
}
/** A cell of an uploaded spreadsheet: its row as the spreadsheet shows it (the header is row 1) and its column. */
export type CellError = { row: number; column: string | null; message: string; code: string };
/** An uploaded file that is not a usable spreadsheet, or rows that break a rule (422); `column` null is the whole row. */
export class SpreadsheetError extends DomainError {
  constructor(
    message: string,
    readonly errors: CellError[] = [],
  ) {
    super(message, "invalid_spreadsheet");
  }
}
/** A request the spec answers with 400 (inactive version, reused password, unreadable file). */
export class BadRequestError extends DomainError {
  constructor(message: string, code = "bad_request") {
    super(message, code);
  }
}
export class UnauthorizedError extends DomainError {
  constructor(message = "not authenticated") {
    super(message, "unauthorized");
  }
}
export class ForbiddenError extends DomainError {
  constructor(message = "you do not have permission to do this", code = "forbidden") {
    super(message, code);
  }
}
export class NotFoundError extends DomainError {
  constructor(kind: string) {
    super(`${kind} not found`, "not_found");
  }
}
export class ConflictError extends DomainError {
  constructor(message: string, code = "conflict") {
    super(message, code);
  }
}
export class PaymentRequiredError extends DomainError {
  constructor(message: string) {
    super(message, "payment_required");
  }
}
export class PayloadTooLargeError extends DomainError {
  constructor(message: string) {
    super(message, "payload_too_large");
  }
}
export class RateLimitedError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, "rate_limited");
  }
}
/** An outside service (card processor, model provider, e-mail) failed or is not configured, or the worker threads (lib/offload) could not do a job. */
export class ExternalServiceError extends DomainError {
  constructor(
    message: string,
    readonly status: 500 | 502 | 503 | 504 = 502,
    code = "external_service",
  ) {
    super(message, code);
  }
}

/** The SQLSTATE of a database error; Drizzle wraps driver errors, so the code may sit on a cause. */
export function databaseErrorCode(error: unknown): string | undefined {
  for (let current = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

export function isUniqueViolation(error: unknown): boolean {
  return databaseErrorCode(error) === "23505";
}
