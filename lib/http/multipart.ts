import type { z } from "zod";
import { PayloadTooLargeError, ValidationError } from "@/lib/errors";
import { parseInput, readLimitedBytes } from "./with-api";

// Room in the body for the form's other fields, part headers and boundaries beside a file at the limit.
const FORM_OVERHEAD_BYTES = 64 * 1024;

export type UploadedFile = { name: string; bytes: Uint8Array };

/**
 * A multipart upload: its `file` part and its other fields, parsed with `schema` (422 naming each bad
 * field). Nothing beyond the limit is read: a declared Content-Length above it is refused at once, and
 * the body is counted as it arrives (413), before any of it is parsed.
 */
export async function readMultipartUpload<S extends z.ZodType>(
  req: Request,
  { schema, maxFileBytes, fileDescription }: { schema: S; maxFileBytes: number; fileDescription: string },
): Promise<{ fields: Omit<z.output<S>, "file">; file: UploadedFile }> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new ValidationError(
      `the request body must be multipart/form-data with ${fileDescription} in the part "file"`,
    );
  }
  const maxBodyBytes = maxFileBytes + FORM_OVERHEAD_BYTES;
  const limit = maxFileBytes >= 1024 * 1024 ? `${maxFileBytes / 1024 / 1024} MB` : `${maxFileBytes / 1024} KB`;
  const tooLarge = () => new PayloadTooLargeError(`the file is larger than ${limit}`);
  if (Number(req.headers.get("content-length") ?? "0") > maxBodyBytes) throw tooLarge();
  const body = await readLimitedBytes(req, maxBodyBytes, tooLarge);

  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new ValidationError("the multipart body could not be read");
  }
  // Only the fields the schema names are read, so a part named __proto__ reaches nothing.
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  const raw = Object.fromEntries(Object.keys(shape).map((name) => [name, form.get(name) ?? undefined]));
  const { file, ...fields } = parseInput(schema, raw, "form field") as { file: unknown };
  if (!(file instanceof File)) {
    throw new ValidationError(`invalid form field 'file': ${fileDescription} is required`, [
      { path: "file", message: `${fileDescription} is required`, code: "required" },
    ]);
  }
  if (file.size > maxFileBytes) throw tooLarge();
  return {
    fields: fields as Omit<z.output<S>, "file">,
    file: { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) },
  };
}
