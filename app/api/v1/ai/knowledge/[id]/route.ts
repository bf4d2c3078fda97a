import { noContent } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { deleteDocument } from "@/lib/knowledge/delete-document";
import { knowledgeEndpoints } from "@/lib/knowledge/endpoints";

// DELETE /api/v1/ai/knowledge/{id} - delete a document and its fragments
export const DELETE = withApi(knowledgeEndpoints.deleteDocument, async ({ ctx, params }) => {
  await deleteDocument({ ctx, documentId: params.id });
  return noContent();
});
