import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { LOCALE_COOKIE, negotiateLocale } from "./locales";

// next-intl's per-request configuration, without locale routing (no /es or /en in the paths): the
// language is negotiated from the request itself. A later change puts the signed-in user's saved
// locale before the cookie (localisation.md section 1).
export default getRequestConfig(async () => {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  const locale = negotiateLocale({
    cookie: cookieStore.get(LOCALE_COOKIE)?.value,
    acceptLanguage: headerList.get("accept-language"),
  });
  return { locale, messages: (await import(`../../messages/${locale}.json`)).default };
});
