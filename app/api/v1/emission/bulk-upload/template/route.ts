import { bulkUploadTemplate, XLSX_CONTENT_TYPE } from "@/lib/emission/bulk-upload/template";
import { emissionEndpoints } from "@/lib/emission/endpoints";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/emission/bulk-upload/template - the .xlsx template with the header row
export const GET = withApi(emissionEndpoints.bulkUploadTemplate, async () => {
  const headers = {
    "Content-Type": XLSX_CONTENT_TYPE,
    "Content-Disposition": 'attachment; filename="beneficiaries-template.xlsx"',
  };
  return new Response(await bulkUploadTemplate(), { headers });
});
