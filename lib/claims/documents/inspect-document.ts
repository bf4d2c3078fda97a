import { createHash } from "node:crypto";
import { crc32 } from "node:zlib";
import { ValidationError } from "@/lib/errors";

// What an uploaded claim document is, decided by its bytes and never by its name or declared type
// (claims-cover.md section 3). Runs on a worker thread (lib/offload/jobs.ts): the file comes from
// outside, and hashing 10 MiB is no work for the request thread.

export const CLAIM_DOCUMENT_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;
export type ClaimDocumentType = (typeof CLAIM_DOCUMENT_TYPES)[number];

export type InspectedDocument = { contentType: ClaimDocumentType; sha256: string; size: number };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
// A PNG's first chunk is its 13-byte IHDR header: length, type, data and CRC.
const PNG_HEADER_END = PNG_SIGNATURE.length + 4 + 4 + 13 + 4;

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);
}

/** A PNG: the signature, then a whole IHDR chunk whose CRC holds (a cut-off or forged header is not a picture). */
function isPng(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, PNG_SIGNATURE) || bytes.length < PNG_HEADER_END) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = view.getUint32(8);
  const type = String.fromCharCode(...bytes.subarray(12, 16));
  if (length !== 13 || type !== "IHDR") return false;
  return crc32(bytes.subarray(12, 29)) === view.getUint32(29);
}

/** The document's type: PDF (`%PDF-`), JPEG (FF D8 FF) or PNG; null for anything else. */
export function sniffDocumentType(bytes: Uint8Array): ClaimDocumentType | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "application/pdf";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (isPng(bytes)) return "image/png";
  return null;
}

/** The type, SHA-256 and size of an upload; 422 `unsupported_file_type` when it is not a PDF, JPEG or PNG. */
export function inspectClaimDocument(bytes: Uint8Array): InspectedDocument {
  const contentType = sniffDocumentType(bytes);
  if (!contentType) {
    const message = "must be a PDF, JPEG or PNG file (judged by its content, not its name)";
    throw new ValidationError(`invalid form field 'file': ${message}`, [
      { path: "file", message, code: "unsupported_file_type" },
    ]);
  }
  return { contentType, sha256: createHash("sha256").update(bytes).digest("hex"), size: bytes.byteLength };
}
