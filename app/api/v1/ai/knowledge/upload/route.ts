import { readMultipartUpload } from "@/lib/http/multipart";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { ingestPdfDocument } from "@/lib/knowledge/ingest-pdf-document";
import { parseMetadataField } from "@/lib/knowledge/internal";
import { knowledgeEndpoints } from "@/lib/knowledge/endpoints";
import { UploadDocumentForm } from "@/lib/knowledge/schemas";

const operation = knowledgeEndpoints.uploadPdf;

// POST /api/v1/ai/knowledge/upload - add a PDF to the company's knowledge
export const POST = withApi(operation, async ({ ctx, req }) => {
  const { fields, file } = await readMultipartUpload(req, {
    schema: UploadDocumentForm,
    maxFileBytes: operation.multipart.maxBytes,
    fileDescription: "a PDF file",
  });
  const metadata = parseMetadataField(fields.metadata_json);
  return json(
    await ingestPdfDocument({
      ctx,
      file,
      fields: { title: fields.title, metadata, audience: fields.audience, company_id: fields.company_id },
    }),
  );
});
