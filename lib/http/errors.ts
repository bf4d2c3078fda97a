import {
  BadRequestError,
  BusinessRuleError,
  ConflictError,
  databaseErrorCode,
  DomainError,
  ExternalServiceError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  PaymentRequiredError,
  RateLimitedError,
  SpreadsheetError,
  UnauthorizedError,
  ValidationError,
} from "@/lib/errors";

// One table from domain error to HTTP status.
const STATUS_BY_ERROR: Array<[new (...args: never[]) => DomainError, number]> = [
  [BadRequestError, 400],
  [UnauthorizedError, 401],
  [PaymentRequiredError, 402],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [PayloadTooLargeError, 413],
  [ValidationError, 422],
  [BusinessRuleError, 422],
  [SpreadsheetError, 422],
  [RateLimitedError, 429],
];

// SQLSTATE classes that mean the database itself is not reachable or restarting.
const UNAVAILABLE_CODES = new Set(["57P01", "57P02", "57P03", "53300", "08000", "08001", "08003", "08004", "08006"]);
const UNAVAILABLE_NODE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "EPIPE",
]);

export type ErrorBody = { detail: string; code: string; errors?: unknown };

/** Turns any thrown value into the status, body and headers of the response. */
export function describeError(error: unknown): { status: number; body: ErrorBody; headers: Record<string, string> } {
  if (error instanceof DomainError) {
    const status =
      error instanceof ExternalServiceError
        ? error.status
        : (STATUS_BY_ERROR.find(([type]) => error instanceof type)?.[1] ?? 500);
    const body: ErrorBody = { detail: error.message, code: error.code };
    const headers: Record<string, string> = {};
    if (
      (error instanceof ValidationError || error instanceof BusinessRuleError || error instanceof SpreadsheetError) &&
      error.errors.length > 0
    )
      body.errors = error.errors;
    if (error instanceof UnauthorizedError) headers["WWW-Authenticate"] = 'Bearer realm="api"';
    if (error instanceof RateLimitedError) headers["Retry-After"] = String(error.retryAfterSeconds);
    return { status, body, headers };
  }
  const code = databaseErrorCode(error);
  if (code === "23505")
    return { status: 409, body: { detail: "a record with this value already exists", code: "conflict" }, headers: {} };
  if (code && (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_NODE_CODES.has(code))) {
    return {
      status: 503,
      body: { detail: "the database is not available; try again shortly", code: "unavailable" },
      headers: { "Retry-After": "5" },
    };
  }
  // Values the schemas let through but the column refuses (too long, out of range): still the caller's input.
  if (code === "22001" || code === "22003" || code === "22P02" || code === "22007" || code === "22008") {
    return {
      status: 422,
      body: { detail: "a value is out of the range the service accepts", code: "validation_error" },
      headers: {},
    };
  }
  return { status: 500, body: { detail: "internal server error", code: "internal" }, headers: {} };
}
