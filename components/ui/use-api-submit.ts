"use client";

import { useMutation } from "@tanstack/react-query";
import { useCallback } from "react";
import type { FieldValues, UseFormSetError } from "react-hook-form";
import { applyApiError, useApiMessage, useFieldErrorMessage, useInvalidate, type FormFields } from "./api-client";

const NO_FIELDS: ReadonlyArray<never> = [];
const NO_RESOURCES: ReadonlyArray<string> = [];

type ApiSubmitOptions = {
  /**
   * The resources the change writes ("/api/v1/organizations/companies"): once it succeeded, every
   * loaded GET of them (the lists, the items) loads again.
   */
  invalidates?: ReadonlyArray<string>;
  /** The banner's wording of a failure, where a page words the statuses its own way. */
  describeError?: (error: unknown) => string;
};

/**
 * The one way a form (or a button) sends a change to the API, as a TanStack mutation: clears the
 * previous outcome, runs the call, and turns a failure into the banner message plus the per-field
 * errors of the form. The action returns the confirmation to show, or nothing for changes that speak
 * for themselves (a new row in a list). Failures never escape, so the caller needs no try/catch of its
 * own. A success invalidates the resources of `options.invalidates`.
 *
 * Without `setFieldError` (buttons outside any form) every failure goes to the message.
 */
export function useApiSubmit<T extends FieldValues = FieldValues>(
  setFieldError?: UseFormSetError<T>,
  fields: FormFields<T> = NO_FIELDS,
  { invalidates = NO_RESOURCES, describeError }: ApiSubmitOptions = {},
) {
  const describe = useApiMessage();
  const fieldErrorMessage = useFieldErrorMessage();
  const invalidate = useInvalidate();
  const mutation = useMutation({
    mutationFn: (action: () => Promise<string | void>) => action(),
    onSuccess: () => {
      // Not awaited: the confirmation shows at once, the lists follow, as a manual reload did.
      if (invalidates.length > 0) void invalidate(...invalidates);
    },
    retry: false,
  });
  const { mutateAsync } = mutation;

  const submit = useCallback(
    async (action: () => Promise<string | void>): Promise<boolean> => {
      try {
        await mutateAsync(action);
        return true;
      } catch (caught) {
        if (setFieldError) applyApiError(caught, setFieldError, fields, fieldErrorMessage);
        return false;
      }
    },
    [mutateAsync, setFieldError, fields, fieldErrorMessage],
  );

  return {
    error: mutation.isError ? (describeError ?? describe)(mutation.error) : null,
    success: mutation.isSuccess ? mutation.data || null : null,
    isBusy: mutation.isPending,
    submit,
  };
}
