import { assertClaimTakesDocuments, uploadDocument } from "@/lib/claims/documents/upload-document";
import { claimsEndpoints } from "@/lib/claims/endpoints";
import { UploadClaimDocumentForm } from "@/lib/claims/schemas";
import { readMultipartUpload } from "@/lib/http/multipart";
import { created } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

const operation = claimsEndpoints.uploadDocument;

// POST /api/v1/claims/{id}/documents - upload a document for an item of the claim's checklist
export const POST = withApi(operation, async ({ ctx, params, req }) => {
  // The claim is looked up before the body is read: a caller who may not see it sends nothing more.
  await assertClaimTakesDocuments({ ctx, claimId: params.id });
  const { fields, file } = await readMultipartUpload(req, {
    schema: UploadClaimDocumentForm,
    maxFileBytes: operation.multipart.maxBytes,
    fileDescription: "a PDF, JPEG or PNG file",
  });
  return created(
    await uploadDocument({ ctx, claimId: params.id, input: { requirementCode: fields.requirement_code, file } }),
  );
});
