import { PayloadTooLargeError, ValidationError } from "@/lib/errors";
import { parseInput, readLimitedBytes } from "@/lib/http/with-api";
import { BulkUploadForm } from "../bulk-upload-schema";
import type { BulkUploadFields } from "./bulk-upload-policy";
import type { UploadedFile } from "./read-spreadsheet";

// Room in the body for the form's other fields, part headers and boundaries beside a file at the limit.
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * The multipart body of an upload: the form fields, parsed with BulkUploadForm (422 naming each bad
 * field), and the file. Nothing beyond the limit is read: a declared Content-Length above it is refused
 * at once, and the body is counted as it arrives (413), before any of it is parsed.
 */
export async function readUploadForm(req: Request, maxFileBytes: number): Promise<{ input: BulkUploadFields; file: UploadedFile }> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new ValidationError("the request body must be multipart/form-data with the file and the policy fields");
  }
  const maxBodyBytes = maxFileBytes + FORM_OVERHEAD_BYTES;
  const tooLarge = () => new PayloadTooLargeError(`the file is larger than ${maxFileBytes / 1024 / 1024} MB`);
  if (Number(req.headers.get("content-length") ?? "0") > maxBodyBytes) throw tooLarge();
  const body = await readLimitedBytes(req, maxBodyBytes, tooLarge);

  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new ValidationError("the multipart body could not be read");
  }
  const { file, ...input } = parseInput(
    BulkUploadForm,
    { file: form.get("file"), client_id: form.get("client_id") ?? undefined, plan_version_id: form.get("plan_version_id") ?? undefined, start_date: form.get("start_date") ?? undefined },
    "form field",
  );
  if (!(file instanceof File)) {
    throw new ValidationError("invalid form field 'file': a .xlsx or .csv file is required", [{ path: "file", message: "a .xlsx or .csv file is required" }]);
  }
  if (file.size > maxFileBytes) throw tooLarge();
  return { input, file: { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) } };
}
