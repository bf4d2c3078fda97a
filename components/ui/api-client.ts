"use client";

import { useCallback, useEffect, useState } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";

export type ApiFieldError = { path: string; message: string };

/** An error answer of the API: its `{detail, code, errors?}` body, with the status. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: ApiFieldError[];
  /** The machine code of the answer (`weak_password`, `invalid_token`, ...), for a page's own wording. */
  readonly code: string | null;

  constructor(status: number, detail: string, errors: ApiFieldError[] = [], code: string | null = null) {
    super(detail);
    this.status = status;
    this.errors = errors;
    this.code = code;
  }
}

export type ApiFetchOptions = {
  method?: string;
  /** JSON, or a FormData for multipart uploads. */
  body?: unknown;
  /** Extra headers, such as an `Idempotency-Key`. */
  headers?: Record<string, string>;
  /** Aborts the request when its answer is no longer wanted (inputs changed since). */
  signal?: AbortSignal;
};

/**
 * Calls /api/v1 with the browser's session cookie. Non-GET calls are accepted only from our own origin,
 * which the browser proves by itself (Origin / Sec-Fetch-Site), so no CSRF token is needed here.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  // A FormData body (an upload) goes as multipart: the browser writes its Content-Type with the boundary.
  const isForm = options.body instanceof FormData;
  const response = await fetch(path, {
    method: options.method ?? "GET",
    credentials: "same-origin",
    headers: {
      ...(options.body === undefined || isForm ? {} : { "Content-Type": "application/json" }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const body = (data ?? {}) as { detail?: unknown; errors?: unknown; code?: unknown };
    const detail = typeof body.detail === "string" ? body.detail : `the request failed (HTTP ${response.status})`;
    const code = typeof body.code === "string" ? body.code : null;
    throw new ApiError(
      response.status,
      detail,
      Array.isArray(body.errors) ? (body.errors as ApiFieldError[]) : [],
      code,
    );
  }
  return data as T;
}

/** The message to show for any thrown value; network failures have no `detail`. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return "the server could not be reached; check the connection and try again";
}

/**
 * Which API error paths a form shows next to a field: a list of its field names, or a test for forms
 * with nested lists, whose paths ("plans.0.versions.1.public_price") cannot all be listed.
 */
export type FormFields<T extends FieldValues> = ReadonlyArray<Path<T>> | ((path: string) => boolean);

/**
 * Puts the API's per-field errors next to the form fields they name and returns the general message
 * for the banner. Paths the form does not have (nested or unknown) stay in the banner only.
 */
export function applyApiError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: FormFields<T>,
): string {
  if (error instanceof ApiError) {
    const isField =
      typeof fields === "function" ? fields : (path: string) => (fields as ReadonlyArray<string>).includes(path);
    for (const { path, message } of error.errors) {
      if (path && isField(path)) setError(path as Path<T>, { type: "server", message });
    }
  }
  return messageOf(error);
}

type LoadState<T> = { key: string; data: T | null; error: string | null };

/**
 * Loads a GET endpoint and reloads it when the URL changes or `reload()` is called. `url` null loads
 * nothing (for data a permission does not allow).
 */
export function useApiData<T>(url: string | null) {
  const [version, setVersion] = useState(0);
  const [state, setState] = useState<LoadState<T>>({ key: "", data: null, error: null });
  const key = `${url}#${version}`;
  // Stable, so tables and forms that receive it do not rebuild on every render.
  const reload = useCallback(() => setVersion((value) => value + 1), []);

  useEffect(() => {
    if (!url) return;
    let isCurrent = true;
    apiFetch<T>(url).then(
      (data) => isCurrent && setState({ key, data, error: null }),
      (error: unknown) => isCurrent && setState((previous) => ({ key, data: previous.data, error: messageOf(error) })),
    );
    // A slower earlier answer must not overwrite a newer one.
    return () => {
      isCurrent = false;
    };
  }, [url, key]);

  return {
    data: state.data,
    error: state.error,
    isLoading: url !== null && state.key !== key,
    reload,
  };
}

/** The shape of the API's paginated lists. */
export type Paginated<T> = { items: T[]; total: number; page: number; page_size: number };

/** Turns an empty text input into "not given", as the API's optional fields expect. */
export function emptyToUndefined(value: unknown): unknown {
  return typeof value === "string" && value.trim() === "" ? undefined : value;
}
