import { withApi } from "@/lib/http/with-api";
import { lifecycleEndpoints } from "@/lib/lifecycle/endpoints";
import { importTemplate } from "@/lib/lifecycle/import/template";

// GET /api/v1/emission/policies/import/template - the import template with the header row
export const GET = withApi(lifecycleEndpoints.importTemplate, async ({ query }) => {
  const { body, contentType, fileName } = await importTemplate(query.format);
  return new Response(body, {
    headers: { "Content-Type": contentType, "Content-Disposition": `attachment; filename="${fileName}"` },
  });
});
