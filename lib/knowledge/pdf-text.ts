import { extractText, getDocumentProxy } from "unpdf";
import { BadRequestError } from "@/lib/errors";
import { assertPdfUnpacksWithinLimits } from "./pdf-limits";

/**
 * The text of an uploaded PDF, extracted locally with unpdf (pdf.js): 400 when it is not a PDF, is a
 * decompression bomb (pdf-limits.ts), cannot be read, or has no text. Runs on a worker thread
 * (lib/offload), with the pool's time and memory limits.
 */
export async function extractPdfText(bytes: Uint8Array): Promise<string> {
  const header = Buffer.from(bytes.subarray(0, 1024)).toString("latin1");
  if (!header.includes("%PDF-")) throw new BadRequestError("the file is not a PDF");
  await assertPdfUnpacksWithinLimits(bytes);
  let text: string;
  try {
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    text = (await extractText(pdf, { mergePages: true })).text;
  } catch {
    throw new BadRequestError("the file is not a readable PDF");
  }
  if (text.trim() === "") throw new BadRequestError("the PDF has no readable text (a scanned image needs OCR first)");
  return text;
}
