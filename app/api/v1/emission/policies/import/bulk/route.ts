import { readMultipartUpload } from "@/lib/http/multipart";
import { created } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { lifecycleEndpoints } from "@/lib/lifecycle/endpoints";
import { importBook } from "@/lib/lifecycle/import/import-book";
import { ImportBookForm } from "@/lib/lifecycle/schemas";

const operation = lifecycleEndpoints.importBook;

// POST /api/v1/emission/policies/import/bulk - import a book of policies from a spreadsheet
export const POST = withApi(operation, async ({ ctx, req }) => {
  const { file } = await readMultipartUpload(req, {
    schema: ImportBookForm,
    maxFileBytes: operation.multipart.maxBytes,
    fileDescription: "a .xlsx or .csv file",
  });
  return created(await importBook({ ctx, file }));
});
