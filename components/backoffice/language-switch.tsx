"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { apiFetch, ApiError, useApiMessage } from "@/components/ui/api-client";
import { LOCALE_COOKIE, LOCALES, type Locale } from "@/lib/i18n/locales";

const ONE_YEAR = 60 * 60 * 24 * 365;

/**
 * The language select of the header (localisation.md section 1). The choice goes into the NEXT_LOCALE
 * cookie, and, for a signed-in user (`saveToProfile`), into the saved `locale` of the profile, which the
 * server prefers to the cookie; then the page renders again in the chosen language.
 */
export function LanguageSwitch({ saveToProfile, id = "language-switch" }: { saveToProfile: boolean; id?: string }) {
  const locale = useLocale();
  const t = useTranslations("nav");
  const tc = useTranslations("codes");
  const messageOf = useApiMessage();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [isPending, startTransition] = useTransition();

  async function choose(next: Locale) {
    setError(null);
    document.cookie = `${LOCALE_COOKIE}=${next}; path=/; max-age=${ONE_YEAR}; SameSite=Lax`;
    if (saveToProfile) {
      setIsSaving(true);
      try {
        await apiFetch("/api/v1/auth/me", { method: "PATCH", body: { locale: next } });
      } catch (caught) {
        // 401: the session has ended; the cookie alone decides until the next sign-in.
        if (!(caught instanceof ApiError && caught.status === 401))
          setError(t("languageNotSaved", { detail: messageOf(caught) }));
      } finally {
        setIsSaving(false);
      }
    }
    startTransition(() => router.refresh());
  }

  return (
    <div className="language-switch">
      <label htmlFor={id}>{t("language")}</label>{" "}
      <select
        id={id}
        value={locale}
        disabled={isSaving || isPending}
        onChange={(event) => void choose(event.target.value as Locale)}
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {tc(`language.${option}`)}
          </option>
        ))}
      </select>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
