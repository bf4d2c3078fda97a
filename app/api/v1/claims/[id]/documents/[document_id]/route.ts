import { getDocument } from "@/lib/claims/documents/get-document";
import { claimsEndpoints } from "@/lib/claims/endpoints";
import { attachment } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

/** RFC 5987's encoding of a header parameter: UTF-8, percent-encoded beyond the attr-chars. */
function encodeHeaderValue(text: string): string {
  return encodeURIComponent(text).replace(/['()*!]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

// GET /api/v1/claims/{id}/documents/{document_id} - download an uploaded document
export const GET = withApi(claimsEndpoints.getDocument, async ({ ctx, params }) => {
  const file = await getDocument({ ctx, claimId: params.id, documentId: params.document_id });
  const response = attachment(file.content, file.contentType, file.filename);
  // The client's own file name, whatever its characters, and never shown inline or sniffed as another type.
  response.headers.set("Content-Disposition", `attachment; filename*=UTF-8''${encodeHeaderValue(file.filename)}`);
  response.headers.set("X-Content-Type-Options", "nosniff");
  return response;
});
