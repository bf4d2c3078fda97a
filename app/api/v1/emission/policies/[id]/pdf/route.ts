import { getCertificate } from "@/lib/emission/certificate/certificates";
import { emissionOperations } from "@/lib/emission/operations";
import { attachment } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/emission/policies/{id}/pdf - the policy certificate, as kept since the policy became active
export const GET = withApi(emissionOperations.getCertificate, async ({ ctx, params }) => {
  const { filename, content } = await getCertificate({ ctx, policyId: params.id });
  return attachment(content, "application/pdf", filename);
});
