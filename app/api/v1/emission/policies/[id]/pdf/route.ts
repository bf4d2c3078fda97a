import { getCertificate } from "@/lib/emission/certificate/certificates";
import { emissionOperations } from "@/lib/emission/operations";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/emission/policies/{id}/pdf - the policy certificate, as kept since the policy became active
export const GET = withApi(emissionOperations.getCertificate, async ({ ctx, params }) => {
  const { filename, content } = await getCertificate({ ctx, policyId: params.id });
  return new Response(new Uint8Array(content), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Content-Length": String(content.byteLength),
      // A client's personal document: never kept by a shared cache or the browser's.
      "Cache-Control": "private, no-store",
    },
  });
});
