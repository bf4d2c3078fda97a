import { BulkUploadForm } from "@/lib/emission/bulk-upload/schemas";
import { bulkUploadPolicy } from "@/lib/emission/bulk-upload/bulk-upload-policy";
import { emissionEndpoints } from "@/lib/emission/endpoints";
import { readMultipartUpload } from "@/lib/http/multipart";
import { created } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

const operation = emissionEndpoints.bulkUpload;

// POST /api/v1/emission/bulk-upload - issue one policy whose beneficiaries are the rows of a spreadsheet
export const POST = withApi(operation, async ({ ctx, req }) => {
  const { fields, file } = await readMultipartUpload(req, {
    schema: BulkUploadForm,
    maxFileBytes: operation.multipart.maxBytes,
    fileDescription: "a .xlsx or .csv file",
  });
  return created(await bulkUploadPolicy({ ctx, input: fields, file }));
});
