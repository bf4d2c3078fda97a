"use client";

import { toNestErrors, validateFieldsNatively } from "@hookform/resolvers";
import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import type { FieldError, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import type { Locale } from "@/lib/i18n/locales";
import { formIssue } from "@/lib/i18n/validation-message";

/**
 * react-hook-form's resolver for a shared zod schema, with the page's own words for every problem: each
 * issue's code (lib/i18n/issue-code.ts, the same code the API returns; an empty text is `required`) is
 * looked up in the `validation` catalog (lib/i18n/validation-message.ts). The schema's English messages
 * are the API's and never shown on a page.
 */
export function useZodResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  const t = useTranslations("validation");
  const locale = useLocale() as Locale;
  return useMemo<Resolver<Input, unknown, Output>>(
    () => async (values, _context, options) => {
      const result = await schema.safeParseAsync(values, { reportInput: true });
      if (result.success) {
        if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
        return { values: result.data, errors: {} };
      }
      const errors: Record<string, FieldError> = {};
      for (const issue of result.error.issues) {
        const path = issue.path.map(String).join(".");
        if (errors[path]) continue;
        const { code, message } = formIssue(t, locale, issue);
        errors[path] = { type: code, message };
      }
      return { values: {}, errors: toNestErrors(errors, options) };
    },
    [schema, t, locale],
  );
}
