"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useCallback } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { apiItemMessage } from "@/lib/i18n/validation-message";

/** An item of a 422's `errors`: the API's English message and the code a page words its own way. */
export type ApiFieldError = { path: string; message: string; code?: string };

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
 * The page's wording of any thrown value, for the banners: a failed answer of the API is the catalog's
 * generic text around the API's own `detail` (in English the detail alone); a network failure has its
 * own text. Pages that know an error's `code` show their own text for it instead.
 */
export function useApiMessage(): (error: unknown) => string {
  const t = useTranslations("nav.ui");
  return useCallback(
    (error: unknown) => (error instanceof ApiError ? t("apiError", { detail: error.message }) : t("network")),
    [t],
  );
}

/**
 * Which API error paths a form shows next to a field: a list of its field names, or a test for forms
 * with nested lists, whose paths ("plans.0.versions.1.public_price") cannot all be listed.
 */
export type FormFields<T extends FieldValues> = ReadonlyArray<Path<T>> | ((path: string) => boolean);

/** The page's words for an item of the API's `errors` (lib/i18n/validation-message.ts apiItemMessage). */
export function useFieldErrorMessage(): (item: ApiFieldError) => string {
  const locale = useLocale();
  const t = useTranslations("validation");
  return useCallback((item: ApiFieldError) => apiItemMessage(t, locale, item), [t, locale]);
}

/**
 * Puts the API's per-field errors, in the page's words, next to the form fields they name. Paths the
 * form does not have (nested or unknown) stay in the banner only.
 */
export function applyApiError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: FormFields<T>,
  wordingOf: (item: ApiFieldError) => string,
): void {
  if (!(error instanceof ApiError)) return;
  const isField =
    typeof fields === "function" ? fields : (path: string) => (fields as ReadonlyArray<string>).includes(path);
  for (const item of error.errors) {
    if (item.path && isField(item.path))
      setError(item.path as Path<T>, { type: item.code ?? "server", message: wordingOf(item) });
  }
}

/**
 * The query key of a resource of /api/v1: its path segments under "api" ("/api/v1/emission/clients/7"
 * is ["api", "emission", "clients", "7"]). A GET's key is its resource's key followed by the whole URL,
 * so invalidating a resource (a list) also refreshes everything below it (its items, its other pages).
 */
export function apiResourceKey(path: string): string[] {
  const pathname = path.split("?")[0] ?? "";
  return [
    "api",
    ...pathname
      .replace(/^\/api\/v1\/?/, "")
      .split("/")
      .filter(Boolean),
  ];
}

export function apiQueryKey(url: string): string[] {
  return [...apiResourceKey(url), url];
}

/**
 * Loads a GET endpoint through the query cache and reloads it when the URL changes or `reload()` is
 * called. `url` null loads nothing (for data a permission does not allow). While a new URL loads, the
 * previous answer stays on show; `isLoading` is true while a request for the current URL is on its way.
 */
export function useApiData<T>(url: string | null) {
  const query = useQuery<T>({
    queryKey: url === null ? ["api", "disabled"] : apiQueryKey(url),
    queryFn: ({ signal }) => apiFetch<T>(url as string, { signal }),
    enabled: url !== null,
    placeholderData: keepPreviousData,
  });
  const { refetch } = query;
  const describe = useApiMessage();
  // Stable, so tables and forms that receive it do not rebuild on every render.
  const reload = useCallback(() => void refetch(), [refetch]);

  return {
    data: query.data ?? null,
    error: query.error ? describe(query.error) : null,
    isLoading: url !== null && query.isFetching,
    reload,
  };
}

/**
 * What a change calls once it succeeded: refreshes every loaded GET of the resources it changed
 * (`invalidate("/api/v1/organizations/companies")`), as a manual reload of each list did.
 */
export function useInvalidate() {
  const client = useQueryClient();
  return useCallback(
    (...paths: string[]) =>
      Promise.all(paths.map((path) => client.invalidateQueries({ queryKey: apiResourceKey(path) }))).then(
        () => undefined,
      ),
    [client],
  );
}

/** The shape of the API's paginated lists. */
export type Paginated<T> = { items: T[]; total: number; total_is_estimate: boolean; page: number; page_size: number };

/** Turns an empty text input into "not given", as the API's optional fields expect. */
export function emptyToUndefined(value: unknown): unknown {
  return typeof value === "string" && value.trim() === "" ? undefined : value;
}

/** Turns an emptied text input into null, which clears the field in the API's edits (PATCH). */
export function emptyToNull(value: unknown): unknown {
  return typeof value === "string" && value.trim() === "" ? null : value;
}
