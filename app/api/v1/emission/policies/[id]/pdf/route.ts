import { getCertificate } from "@/lib/emission/certificate/get-certificate";
import { emissionEndpoints } from "@/lib/emission/endpoints";
import { attachment } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/emission/policies/{id}/pdf - the policy certificate, as kept since the policy became active
export const GET = withApi(emissionEndpoints.getCertificate, async ({ ctx, params }) => {
  const { filename, content } = await getCertificate({ ctx, policyId: params.id });
  return attachment(content, "application/pdf", filename);
});
