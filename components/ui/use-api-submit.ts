"use client";

import { useCallback, useState } from "react";
import type { FieldValues, UseFormSetError } from "react-hook-form";
import { applyApiError, messageOf, type FormFields } from "./api-client";

type ApiSubmitState = { error: string | null; success: string | null; isBusy: boolean };

const NO_FIELDS: ReadonlyArray<never> = [];

/**
 * The one way a form (or a button) sends a change to the API: clears the previous outcome, runs the
 * call, and turns a failure into the banner message plus the per-field errors of the form. The action
 * returns the confirmation to show, or nothing for changes that speak for themselves (a new row in a
 * list). Failures never escape, so the caller needs no try/catch of its own.
 *
 * Without `setFieldError` (buttons outside any form) every failure goes to the message.
 */
export function useApiSubmit<T extends FieldValues = FieldValues>(
  setFieldError?: UseFormSetError<T>,
  fields: FormFields<T> = NO_FIELDS,
) {
  const [state, setState] = useState<ApiSubmitState>({ error: null, success: null, isBusy: false });

  const submit = useCallback(
    async (action: () => Promise<string | void>): Promise<boolean> => {
      setState({ error: null, success: null, isBusy: true });
      try {
        const success = await action();
        setState({ error: null, success: success || null, isBusy: false });
        return true;
      } catch (caught) {
        const error = setFieldError ? applyApiError(caught, setFieldError, fields) : messageOf(caught);
        setState({ error, success: null, isBusy: false });
        return false;
      }
    },
    [setFieldError, fields],
  );

  return { ...state, submit };
}
