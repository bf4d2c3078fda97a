import { inflateSync } from "node:zlib";
import { sniffDocumentType } from "@/lib/claims/documents/inspect-document";
import { ValidationError } from "@/lib/errors";

// Whether an uploaded logo is a picture every certificate of the company can print. Its type is decided
// by its bytes (never its name). A PNG is also inflated here, once: the certificate's renderer inflates
// it on a worker thread, where corrupt data does not fail but stalls the render until its time limit,
// and a huge picture exhausts the worker's memory, so one bad upload would stop every certificate.

/** The widest and tallest logo accepted, in pixels: printed about 4.5 cm wide, more is never seen. */
export const MAX_LOGO_PIXELS = 2000;

export type LogoType = "image/png" | "image/jpeg";

function refuse(message: string, code: string): never {
  throw new ValidationError(`invalid form field 'file': ${message}`, [{ path: "file", message, code }]);
}

function assertSize(width: number, height: number): void {
  if (width === 0 || height === 0) refuse("is not a readable PNG or JPEG image", "unreadable_image");
  if (width > MAX_LOGO_PIXELS || height > MAX_LOGO_PIXELS)
    refuse(
      `is ${width} x ${height} pixels; a logo is at most ${MAX_LOGO_PIXELS} x ${MAX_LOGO_PIXELS}`,
      "image_too_large",
    );
}

/** A PNG: its size, and pixel data that inflates whole (sniffDocumentType checked the header's CRC). */
function checkPng(bytes: Uint8Array): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  assertSize(width, height);
  const data: Uint8Array[] = [];
  let ended = false;
  for (let at = 8; at + 12 <= bytes.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (at + 12 + length > bytes.length) break;
    if (type === "IDAT") data.push(bytes.subarray(at + 8, at + 8 + length));
    if (type === "IEND") {
      ended = true;
      break;
    }
    at += 12 + length;
  }
  // At most 16-bit RGBA (8 bytes a pixel) and a filter byte a row: anything longer is not this picture.
  const maxOutputLength = height * (1 + width * 8) + 1024;
  try {
    if (!ended || data.length === 0) throw new Error("incomplete");
    inflateSync(Buffer.concat(data), { maxOutputLength });
  } catch {
    refuse("is not a readable PNG image (its data is cut off or corrupt)", "unreadable_image");
  }
}

/** A JPEG's frame header (SOF0 to SOF15 but DHT, JPG and DAC), which the renderer reads for the size. */
function checkJpeg(bytes: Uint8Array): void {
  for (let at = 2; at + 9 < bytes.length;) {
    if (bytes[at] !== 0xff) break;
    const marker = bytes[at + 1];
    const length = (bytes[at + 2] << 8) | bytes[at + 3];
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      assertSize((bytes[at + 7] << 8) | bytes[at + 8], (bytes[at + 5] << 8) | bytes[at + 6]);
      return;
    }
    at += 2 + length;
  }
  refuse("is not a readable JPEG image (no frame header)", "unreadable_image");
}

/** The logo's type; 422 `unsupported_file_type`, `unreadable_image` or `image_too_large` otherwise. */
export function inspectLogo(bytes: Uint8Array): LogoType {
  const type = sniffDocumentType(bytes);
  if (type === "image/png") checkPng(bytes);
  else if (type === "image/jpeg") checkJpeg(bytes);
  else refuse("must be a PNG or JPEG image (judged by its content, not its name)", "unsupported_file_type");
  return type;
}
