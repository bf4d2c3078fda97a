import { z } from "zod";
import { Uuid } from "@/lib/schemas";
import { DateOnly } from "../schemas";

/** Upload limits (contract section 6). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_UPLOAD_ROWS = 1000;

/** The form fields beside the file. */
export const BulkUploadForm = z.object({
  file: z.any().describe("The .xlsx or .csv file"),
  client_id: Uuid,
  plan_version_id: Uuid,
  start_date: DateOnly,
});
