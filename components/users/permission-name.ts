"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { isPermission } from "@/lib/auth/permissions";

/**
 * A permission's name in the page's language (messages/<locale>/permissions.json), for people: the code
 * (`claims:override`) stays for the API and the title. An unknown code is shown as it is.
 */
export function usePermissionName() {
  const t = useTranslations("permissions");
  return useCallback((code: string) => (isPermission(code) ? t(code) : code), [t]);
}
