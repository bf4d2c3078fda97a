import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { negotiateLocale } from "@/lib/i18n/locales";
import { listCountries } from "@/lib/operations/list-countries";
import { operationsEndpoints } from "@/lib/operations/endpoints";

// GET /api/v1/geography/countries - every ISO country, named in the Accept-Language (English by default)
export const GET = withApi(operationsEndpoints.listCountries, async ({ ctx, req }) => {
  // The API's own language is English: no cookie, no DEFAULT_LOCALE (localisation.md section 3).
  const locale = negotiateLocale({ acceptLanguage: req.headers.get("accept-language"), fallback: "en" });
  return json(await listCountries({ ctx, locale }), 200, { "Content-Language": locale, Vary: "Accept-Language" });
});
