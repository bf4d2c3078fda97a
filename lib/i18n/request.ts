import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { currentUser } from "@/lib/auth/require-user";
import { catalogs } from "@/messages";
import { isPublicPage, LOCALE_COOKIE, negotiateLocale, PATHNAME_HEADER } from "./locales";

// next-intl's per-request configuration, without locale routing (no /es or /en in the paths). The
// language (localisation.md section 1): the signed-in user's saved locale, else the NEXT_LOCALE cookie,
// else Accept-Language, else DEFAULT_LOCALE. Pages that need no sign-in follow the visitor only.
export default getRequestConfig(async () => {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  const path = headerList.get(PATHNAME_HEADER) ?? "";
  const saved = isPublicPage(path) ? null : (await currentUser())?.locale;
  const locale =
    saved ??
    negotiateLocale({
      cookie: cookieStore.get(LOCALE_COOKIE)?.value,
      acceptLanguage: headerList.get("accept-language"),
    });
  return { locale, messages: catalogs[locale] };
});
