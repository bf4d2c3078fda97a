import type { z } from "zod";
import { walkList, type ListName } from "@/lib/paging";
import type { ExportFormat } from "@/lib/schemas";
import { exportColumns, type Column } from "./columns";
import { csvEncoder } from "./csv";
import type { ExportEncoder } from "./encoder";
import { xlsxEncoder } from "./xlsx";

// An export (reports.md section 2) is the list itself, walked by cursor in batches (lib/paging.ts) and
// written as it is read: while one batch is encoded the database already reads the next, and nothing more
// is read until the socket takes the chunk, so a million rows leave in the memory of two batches.

/** Rows per database read of an export. */
export const EXPORT_BATCH_ROWS = 1000;

type Row = Record<string, unknown>;

/** What an export verb returns: the list's name, its columns, and its rows batch by batch, read on demand. */
export type ExportSource = { list: ListName; columns: Column[]; batches: AsyncIterable<Row[]> };

/**
 * The export of a list: `read` is the list verb asked for one batch after a cursor (with `batch: true`, and
 * EXPORT_BATCH_ROWS as its page size); the columns are the fields of `item`, the list's JSON item schema.
 */
export function exportSource<T extends Row>(
  list: ListName,
  item: z.ZodObject,
  read: (cursor: string) => Promise<{ items: T[]; next_cursor: string | null }>,
): ExportSource {
  return { list, columns: exportColumns(item), batches: { [Symbol.asyncIterator]: () => walkList(list, read) } };
}

/** `<list>-<YYYY-MM-DD>.<ext>`, today in UTC. */
export function exportFileName(list: ListName, format: ExportFormat, now = new Date()): string {
  return `${list}-${now.toISOString().slice(0, 10)}.${format}`;
}

function encoderOf(source: ExportSource, format: ExportFormat): ExportEncoder {
  return format === "csv" ? csvEncoder(source.columns) : xlsxEncoder(source.columns, source.list);
}

/**
 * The file's bytes as a stream that reads from the database as it is pulled. The first chunk holds the
 * header with the first batch, so that a failing first read still answers an error status (the server
 * reads the first chunk before it sends the status: lib/http/node-handler.ts).
 */
export function exportStream(source: ExportSource, format: ExportFormat): ReadableStream<Uint8Array> {
  const encoder = encoderOf(source, format);
  const batches = source.batches[Symbol.asyncIterator]();
  let head: Uint8Array | null = null;
  const withHead = (chunk: Uint8Array): Uint8Array => {
    if (!head) return chunk;
    const joined = new Uint8Array(head.byteLength + chunk.byteLength);
    joined.set(head);
    joined.set(chunk, head.byteLength);
    head = null;
    return joined;
  };
  // The read of the batch after the one being encoded: the database works on it while this thread encodes.
  // Its failure is met by the pull that awaits it; until then it must not count as unhandled.
  let ahead: Promise<IteratorResult<Row[]>> | null = null;
  const readNext = () => {
    const next = batches.next();
    next.catch(() => {});
    return next;
  };
  return new ReadableStream<Uint8Array>(
    {
      start() {
        head = encoder.start();
      },
      // Each pull enqueues something or closes: a pull that resolves with nothing queued is not repeated.
      async pull(controller) {
        for (;;) {
          const next = await (ahead ?? readNext());
          ahead = null;
          if (next.done) {
            const tail = withHead(encoder.finish());
            if (tail.byteLength > 0) controller.enqueue(tail);
            controller.close();
            return;
          }
          ahead = readNext();
          const chunk = withHead(encoder.rows(next.value));
          if (chunk.byteLength > 0) {
            controller.enqueue(chunk);
            return;
          }
        }
      },
      async cancel() {
        await batches.return?.();
      },
    },
    // No chunk queued ahead of the socket: the only read ahead is the one batch above.
    { highWaterMark: 0 },
  );
}
