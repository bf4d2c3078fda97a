import type { Language } from "@/db/enums";
import { defaultLocale } from "@/lib/i18n/locales";

// The language a notification is written in (localisation.md section 2): a client's preferred_language;
// a user's saved locale, else DEFAULT_LOCALE. The request's cookie or Accept-Language never counts.

export function clientLanguage(client: { preferredLanguage: Language }): Language {
  return client.preferredLanguage;
}

export function userLanguage(user: { locale: Language | null }): Language {
  return user.locale ?? defaultLocale();
}
