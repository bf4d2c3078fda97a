// The answers made here from a whole body (not a stream a handler produces), with that body: the production
// server (node-handler.ts) writes it straight to the socket instead of reading the Response's stream back.
const completeBodies = new WeakMap<Response, string | Uint8Array | null>();

/** The whole body of a response made here (json(), noContent(), attachment()); undefined for any other. */
export function completeBodyOf(response: Response): string | Uint8Array | null | undefined {
  return completeBodies.get(response);
}

function complete(response: Response, body: string | Uint8Array | null): Response {
  completeBodies.set(response, body);
  return response;
}

export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  const text = JSON.stringify(data);
  return complete(
    new Response(text, { status, headers: { "Content-Type": "application/json; charset=utf-8", ...headers } }),
    text,
  );
}

export function created(data: unknown): Response {
  return json(data, 201);
}

export function noContent(): Response {
  return complete(new Response(null, { status: 204 }), null);
}

/** A file to download: a client's personal document, so never kept by a shared cache or the browser's. */
export function attachment(content: Uint8Array, contentType: string, fileName: string): Response {
  const body = new Uint8Array(content);
  const response = new Response(body, {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Content-Length": String(content.byteLength),
      "Cache-Control": "private, no-store",
    },
  });
  return complete(response, body);
}
