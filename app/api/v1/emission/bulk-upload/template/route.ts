import { bulkUploadTemplate, XLSX_CONTENT_TYPE } from "@/lib/emission/bulk-upload/template";
import { emissionEndpoints } from "@/lib/emission/endpoints";
import { withApi } from "@/lib/http/with-api";
import { LOCALE_COOKIE, negotiateLocale } from "@/lib/i18n/locales";

// GET /api/v1/emission/bulk-upload/template - the .xlsx template: the header row, and its instructions
export const GET = withApi(emissionEndpoints.bulkUploadTemplate, async ({ query, req }) => {
  const cookie = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`).exec(req.headers.get("cookie") ?? "")?.[1];
  const locale =
    query.lang ?? negotiateLocale({ cookie, acceptLanguage: req.headers.get("accept-language"), fallback: "en" });
  const headers = {
    "Content-Type": XLSX_CONTENT_TYPE,
    "Content-Disposition": 'attachment; filename="beneficiaries-template.xlsx"',
    "Content-Language": locale,
  };
  return new Response(await bulkUploadTemplate(locale), { headers });
});
