import { constants, createInflate } from "node:zlib";
import { BadRequestError } from "@/lib/errors";

/** The most a PDF's compressed streams may unpack to, together. */
export const MAX_PDF_UNPACKED_BYTES = 128 * 1024 * 1024;

/**
 * Refuses (400) a PDF whose Flate streams unpack to more than MAX_PDF_UNPACKED_BYTES: text extraction
 * inflates every content stream whole, so a 500 KB file of compressed blanks would otherwise hold half a
 * gigabyte and a 20 MB one exhaust the server (a decompression bomb). Each stream is inflated as a
 * stream and only counted, so the check itself holds one chunk at a time, and it stops at the limit.
 * Streams that are not zlib data (other filters, encrypted streams) count what they inflate to: nothing.
 */
export async function assertPdfUnpacksWithinLimits(bytes: Uint8Array): Promise<void> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  for (const packed of streamsOf(buffer)) {
    total += await unpackedSize(packed, MAX_PDF_UNPACKED_BYTES - total);
    if (total > MAX_PDF_UNPACKED_BYTES) {
      throw new BadRequestError(
        `the PDF is refused: its streams unpack to more than ${MAX_PDF_UNPACKED_BYTES / 1024 / 1024} MB`,
      );
    }
  }
}

/** The bytes between each `stream` keyword (and its end of line) and the next `endstream`. */
function* streamsOf(buffer: Buffer): Generator<Buffer> {
  let from = 0;
  for (;;) {
    const keyword = buffer.indexOf("stream", from, "latin1");
    if (keyword < 0) return;
    from = keyword + "stream".length;
    if (keyword >= 3 && buffer.toString("latin1", keyword - 3, keyword) === "end") continue;
    let start = from;
    if (buffer[start] === 0x0d) start++;
    if (buffer[start] !== 0x0a) continue;
    start++;
    const end = buffer.indexOf("endstream", start, "latin1");
    if (end < 0) {
      // A truncated file: what follows the keyword is all the stream there is.
      yield buffer.subarray(start);
      return;
    }
    yield buffer.subarray(start, end);
    from = end + "endstream".length;
  }
}

/** How many bytes `packed` inflates to, counting no further than just past `limit`. */
function unpackedSize(packed: Buffer, limit: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = createInflate({ finishFlush: constants.Z_SYNC_FLUSH });
    let size = 0;
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      inflate.destroy();
      resolve(size);
    };
    inflate.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) settle();
    });
    inflate.on("end", settle);
    inflate.on("error", settle);
    inflate.end(packed);
  });
}
