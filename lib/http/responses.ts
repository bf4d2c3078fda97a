import { TextResponse } from "./text-response";

export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  const text = JSON.stringify(data);
  return new TextResponse(text, { status, headers: { "Content-Type": "application/json; charset=utf-8", ...headers } });
}

export function created(data: unknown): Response {
  return json(data, 201);
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

/** A file to download: a client's personal document, so never kept by a shared cache or the browser's. */
export function attachment(content: Uint8Array, contentType: string, fileName: string): Response {
  return new Response(new Uint8Array(content), {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Content-Length": String(content.byteLength),
      "Cache-Control": "private, no-store",
    },
  });
}
