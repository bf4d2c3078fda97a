// Bodies the production server (node-handler.ts) already holds whole, kept beside the web Request and
// Response that carry them, so that small bodies skip the round trip through a ReadableStream: a JSON
// answer built from a string (json()) is written to the socket as that string, with its Content-Length
// and in one write with the headers; a small request body read before the handler runs is handed to
// with-api's reader as those bytes. The Request and Response still carry their bodies as streams for
// anyone else who reads them (the tests, a handler reading req.body).
const responseTexts = new WeakMap<Response, string>();
const requestBytes = new WeakMap<Request, Buffer<ArrayBuffer>>();

/** Notes that `response`'s body is exactly `text`. */
export function rememberBodyText(response: Response, text: string): Response {
  responseTexts.set(response, text);
  return response;
}

/** The text `response` was built from, while its body is still unread; else undefined. */
export function bodyTextOf(response: Response): string | undefined {
  return response.bodyUsed ? undefined : responseTexts.get(response);
}

/** Notes that `request`'s body is exactly `bytes`. */
export function rememberBodyBytes(request: Request, bytes: Buffer<ArrayBuffer>): Request {
  requestBytes.set(request, bytes);
  return request;
}

/**
 * The bytes `request`'s body was made from, once: the first reader takes them (as reading a stream
 * would), and a later one reads the stream itself.
 */
export function takeBodyBytes(request: Request): Buffer<ArrayBuffer> | undefined {
  if (request.bodyUsed) return undefined;
  const bytes = requestBytes.get(request);
  if (bytes) requestBytes.delete(request);
  return bytes;
}
