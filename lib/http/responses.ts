// The answers made here from a whole body (not a stream a handler produces): the production server
// (node-handler.ts) writes them as they are, without first reading their first chunk.
const completeBodies = new WeakSet<Response>();

/** Whether `response` was made here from a whole body (json(), noContent(), attachment()). */
export function hasCompleteBody(response: Response): boolean {
  return completeBodies.has(response);
}

function complete(response: Response): Response {
  completeBodies.add(response);
  return response;
}

export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  const text = JSON.stringify(data);
  return complete(
    new Response(text, { status, headers: { "Content-Type": "application/json; charset=utf-8", ...headers } }),
  );
}

export function created(data: unknown): Response {
  return json(data, 201);
}

export function noContent(): Response {
  return complete(new Response(null, { status: 204 }));
}

/** A file to download: a client's personal document, so never kept by a shared cache or the browser's. */
export function attachment(content: Uint8Array, contentType: string, fileName: string): Response {
  const response = new Response(new Uint8Array(content), {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Content-Length": String(content.byteLength),
      "Cache-Control": "private, no-store",
    },
  });
  return complete(response);
}
