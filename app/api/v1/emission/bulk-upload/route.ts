import { bulkUploadPolicy } from "@/lib/emission/bulk-upload/bulk-upload-policy";
import { readUploadForm } from "@/lib/emission/bulk-upload/read-upload-form";
import { emissionOperations } from "@/lib/emission/operations";
import { created } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

const operation = emissionOperations.bulkUpload;

// POST /api/v1/emission/bulk-upload - issue one policy whose beneficiaries are the rows of a spreadsheet
export const POST = withApi(operation, async ({ ctx, req }) => {
  const { input, file } = await readUploadForm(req, operation.multipart.maxBytes);
  return created(await bulkUploadPolicy({ ctx, input, file }));
});
