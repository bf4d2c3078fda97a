import { inflateRawSync } from "node:zlib";
import { SpreadsheetError } from "@/lib/errors";

// An .xlsx file is a zip archive of XML parts, and a zip says how large each part unpacks to before
// anything is unpacked. An archive from outside is checked against these limits from its central
// directory alone, then each part is inflated with a hard cap at its declared size, so neither a
// "zip bomb" (a tiny file that unpacks to gigabytes) nor a part that lies about its size can exhaust
// memory or hold the CPU. A real 1,000-row workbook unpacks to well under 1 MB, its sheet compressing
// about 10:1.
export const XLSX_LIMITS = {
  /** Parts in the archive; a workbook has a dozen or so, one with many sheets and images some hundreds. */
  maxEntries: 1000,
  /** Declared unpacked size of all parts together. */
  maxUnpackedBytes: 50 * 1024 * 1024,
  /** Declared unpacked / packed size of one part, checked on parts above `ratioCheckedFromBytes`. */
  maxRatio: 100,
  ratioCheckedFromBytes: 1024 * 1024,
} as const;

type ZipEntry = {
  name: string;
  method: number;
  isEncrypted: boolean;
  packedSize: number;
  declaredSize: number;
  localHeaderOffset: number;
};

const STORED = 0;
const DEFLATED = 8;

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

const damaged = () =>
  new SpreadsheetError("the .xlsx file is damaged or incomplete (its zip structure cannot be read)");
const tooLarge = (why: string) => new SpreadsheetError(`the .xlsx file is refused: ${why}`);

/** Whether the bytes start like a zip archive (a local file header). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true) === LOCAL_HEADER
  );
}

/**
 * The parts of an uploaded workbook that a reader needs (the .xml and .xml.rels parts), unpacked after
 * the archive has passed XLSX_LIMITS. Throws SpreadsheetError (422) for a damaged or truncated archive,
 * one without xl/workbook.xml (not a workbook), or one beyond the limits.
 */
export function unpackWorkbookParts(bytes: Uint8Array): Record<string, Uint8Array> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = readCentralDirectory(view);

  if (!entries.some((entry) => entry.name === "xl/workbook.xml")) {
    throw new SpreadsheetError(
      "the file is not a spreadsheet: a zip archive without xl/workbook.xml (expected .xlsx or .csv)",
    );
  }
  if (new Set(entries.map((entry) => entry.name)).size !== entries.length) throw damaged();
  const declaredTotal = entries.reduce((sum, entry) => sum + entry.declaredSize, 0);
  if (declaredTotal > XLSX_LIMITS.maxUnpackedBytes) {
    throw tooLarge(
      `it unpacks to ${megabytes(declaredTotal)}, more than the ${megabytes(XLSX_LIMITS.maxUnpackedBytes)} allowed`,
    );
  }
  const inflated = entries.find(
    (entry) =>
      entry.declaredSize > XLSX_LIMITS.ratioCheckedFromBytes &&
      entry.declaredSize / Math.max(1, entry.packedSize) > XLSX_LIMITS.maxRatio,
  );
  if (inflated) throw tooLarge(`its part ${inflated.name} is compressed more than ${XLSX_LIMITS.maxRatio} to 1`);

  // Parts are keyed by their path; the prototype-free object keeps a path such as "__proto__" a plain key.
  const parts: Record<string, Uint8Array> = Object.create(null);
  for (const entry of entries) {
    if (entry.name.endsWith(".xml") || entry.name.endsWith(".xml.rels")) parts[entry.name] = unpack(bytes, view, entry);
  }
  return parts;
}

function readCentralDirectory(view: DataView): ZipEntry[] {
  try {
    const end = findEndOfDirectory(view);
    // Multi-disk archives and zip64 (marked by all-ones counts and offsets) are not what a workbook of
    // at most 5 MB is written as.
    if (view.getUint16(end + 4, true) !== 0 || view.getUint16(end + 6, true) !== 0) throw damaged();
    const count = view.getUint16(end + 10, true);
    const directorySize = view.getUint32(end + 12, true);
    const directoryStart = view.getUint32(end + 16, true);
    if (count === 0xffff || directoryStart === 0xffffffff || directoryStart + directorySize > end) throw damaged();
    if (count > XLSX_LIMITS.maxEntries) throw tooLarge(`it holds ${count} parts, more than ${XLSX_LIMITS.maxEntries}`);

    const entries: ZipEntry[] = [];
    let at = directoryStart;
    for (let index = 0; index < count; index += 1) {
      if (view.getUint32(at, true) !== DIRECTORY_ENTRY) throw damaged();
      const nameLength = view.getUint16(at + 28, true);
      const next = at + 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
      if (next > directoryStart + directorySize) throw damaged();
      entries.push({
        name: new TextDecoder().decode(new Uint8Array(view.buffer, view.byteOffset + at + 46, nameLength)),
        isEncrypted: (view.getUint16(at + 8, true) & 1) === 1,
        method: view.getUint16(at + 10, true),
        packedSize: view.getUint32(at + 20, true),
        declaredSize: view.getUint32(at + 24, true),
        localHeaderOffset: view.getUint32(at + 42, true),
      });
      at = next;
    }
    return entries;
  } catch (error) {
    // A read past the end of the bytes: the archive is cut short.
    if (error instanceof RangeError) throw damaged();
    throw error;
  }
}

// The end-of-directory record is the last 22 bytes, unless the archive has a comment (at most 64 KiB).
function findEndOfDirectory(view: DataView): number {
  const last = view.byteLength - 22;
  for (let at = last; at >= 0 && at >= last - 0xffff; at -= 1) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY) return at;
  }
  throw damaged();
}

function unpack(bytes: Uint8Array, view: DataView, entry: ZipEntry): Uint8Array {
  if (entry.isEncrypted) throw new SpreadsheetError("the .xlsx file is password-protected; save it without a password");
  const local = entry.localHeaderOffset;
  if (local + 30 > bytes.length || view.getUint32(local, true) !== LOCAL_HEADER) throw damaged();
  const dataStart = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  if (dataStart + entry.packedSize > bytes.length) throw damaged();
  const packed = bytes.subarray(dataStart, dataStart + entry.packedSize);

  if (entry.method === STORED) {
    if (entry.packedSize !== entry.declaredSize) throw damaged();
    return packed;
  }
  if (entry.method !== DEFLATED)
    throw new SpreadsheetError(`the .xlsx file uses a compression method this service does not read (${entry.method})`);
  let unpacked: Buffer;
  try {
    // zlib stops as soon as the output passes the cap, instead of inflating the whole stream first.
    unpacked = inflateRawSync(packed, { maxOutputLength: Math.max(1, entry.declaredSize) });
  } catch (error) {
    if ((error as { code?: unknown }).code === "ERR_BUFFER_TOO_LARGE")
      throw tooLarge(`its part ${entry.name} unpacks to more than it declares`);
    throw damaged();
  }
  if (unpacked.length !== entry.declaredSize) throw damaged();
  return unpacked;
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MB`;
}
