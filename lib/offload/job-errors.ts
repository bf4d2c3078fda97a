import {
  BadRequestError,
  type CellError,
  DomainError,
  type FieldError,
  PayloadTooLargeError,
  SpreadsheetError,
  ValidationError,
} from "@/lib/errors";

// A domain error thrown on a worker thread crosses to the request thread as data (a structured clone
// keeps an error's message, not its class or fields) and is thrown again there as the same class, so
// it answers the same status, code and errors as if it had been thrown on the request thread.

export type SerializedError = { name: string; message: string; code: string; errors?: unknown[] };

export function serializeError(error: DomainError): SerializedError {
  const errors = (error as { errors?: unknown }).errors;
  return { name: error.name, message: error.message, code: error.code, ...(Array.isArray(errors) ? { errors } : {}) };
}

const REBUILD: Record<string, (error: SerializedError) => DomainError> = {
  SpreadsheetError: (error) => new SpreadsheetError(error.message, (error.errors ?? []) as CellError[]),
  PayloadTooLargeError: (error) => new PayloadTooLargeError(error.message),
  BadRequestError: (error) => new BadRequestError(error.message, error.code),
  ValidationError: (error) => new ValidationError(error.message, (error.errors ?? []) as FieldError[], error.code),
};

/** The domain error again; one of a class the jobs do not throw stays a plain Error (a 500, logged). */
export function rebuildError(error: SerializedError): Error {
  const rebuild = Object.hasOwn(REBUILD, error.name) ? REBUILD[error.name] : undefined;
  return rebuild ? rebuild(error) : new Error(`${error.name} on a worker thread: ${error.message}`);
}
