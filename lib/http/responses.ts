import { exportFileName, exportStream, type ExportSource } from "@/lib/exports/stream";
import { EXPORT_CONTENT_TYPES, type ExportFormat } from "@/lib/schemas";

type WholeBody = string | Uint8Array | null;

/**
 * A web Response whose whole body is known when it is made: json(), noContent(), attachment(). Node's
 * Response wraps any body in a web stream as it is constructed, which cost about a tenth of a small API
 * request's CPU (docs/benchmarks.md); this one is constructed without a body and makes the real one only
 * when someone reads it. The production server (node-handler.ts) writes `wholeBody` to the socket and
 * never reads it as a stream; tests and `next dev` read it as any Response.
 */
class WholeBodyResponse extends Response {
  readonly wholeBody: WholeBody;
  #read?: Response;

  constructor(body: WholeBody, init: ResponseInit) {
    super(null, init);
    this.wholeBody = body;
  }

  /** The same answer as a plain Response, made on the first read, with the headers as they are then. */
  #readable(): Response {
    this.#read ??= new Response(this.wholeBody as BodyInit | null, {
      status: this.status,
      statusText: this.statusText,
      headers: this.headers,
    });
    return this.#read;
  }

  override get body() {
    return this.#readable().body;
  }
  override get bodyUsed() {
    return this.#read?.bodyUsed ?? false;
  }
  override text() {
    return this.#readable().text();
  }
  override json() {
    return this.#readable().json();
  }
  override arrayBuffer() {
    return this.#readable().arrayBuffer();
  }
  override blob() {
    return this.#readable().blob();
  }
  override formData() {
    return this.#readable().formData();
  }
  override clone(): Response {
    if (this.bodyUsed) return this.#readable().clone();
    const { status, statusText } = this;
    return new WholeBodyResponse(this.wholeBody, { status, statusText, headers: new Headers(this.headers) });
  }
}

/** The whole body of a response made here (json(), noContent(), attachment()); undefined for any other. */
export function completeBodyOf(response: Response): WholeBody | undefined {
  return response instanceof WholeBodyResponse ? response.wholeBody : undefined;
}

export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new WholeBodyResponse(JSON.stringify(data), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", ...headers },
  });
}

export function created(data: unknown): Response {
  return json(data, 201);
}

export function noContent(): Response {
  return new WholeBodyResponse(null, { status: 204 });
}

/** A file to download: a client's personal document, so never kept by a shared cache or the browser's. */
export function attachment(content: Uint8Array, contentType: string, fileName: string): Response {
  return new WholeBodyResponse(new Uint8Array(content), {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Content-Length": String(content.byteLength),
      "Cache-Control": "private, no-store",
    },
  });
}

/** The header of a bare-array list that carries the cursor of the rows after this answer (reports.md section 3). */
export const NEXT_CURSOR_HEADER = "Next-Cursor";

/** A bare-array list (leads, transactions): the items as the body, the next cursor in a header (none on the last page). */
export function bareList({ items, next_cursor }: { items: unknown[]; next_cursor: string | null }): Response {
  return json(items, 200, next_cursor ? { [NEXT_CURSOR_HEADER]: next_cursor } : {});
}

/**
 * A list's export (lib/exports): streamed as the database is read, never whole in memory, so it is a
 * plain Response with a stream body; the production server pipes it to the socket with backpressure.
 */
export function exported(source: ExportSource, format: ExportFormat): Response {
  return new Response(exportStream(source, format), {
    headers: {
      "Content-Type": EXPORT_CONTENT_TYPES[format],
      "Content-Disposition": `attachment; filename="${exportFileName(source.list, format)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
