import type { IncomingMessage, ServerResponse } from "node:http";
import { BadRequestError } from "@/lib/errors";
import { logError } from "@/lib/log";
import { describeError } from "./errors";
import { NodeRequest } from "./node-request";
import { json } from "./responses";
import { HTTP_METHODS, type HttpMethod, type RouteHandler, type RouteModule, type RouteTable } from "./route-table";
import { API_HEADERS } from "./security-headers";
import { bodyTextOf } from "./text-response";
import { takesNodeRequest } from "./with-api";

/** A route file's handlers by method, with what Next.js derives from them (HEAD from GET, OPTIONS, Allow). */
export type LoadedRoute = { handlers: Partial<Record<HttpMethod, RouteHandler>>; allow: string };

/** Turns a route module into the handlers the server calls, the way Next.js fills in HEAD and OPTIONS. */
export function loadedRoute(module: RouteModule): LoadedRoute {
  const handlers: Partial<Record<HttpMethod, RouteHandler>> = {};
  for (const method of HTTP_METHODS) if (typeof module[method] === "function") handlers[method] = module[method];
  if (handlers.GET) handlers.HEAD ??= handlers.GET;
  const allow = [...new Set([...Object.keys(handlers), "OPTIONS"])].sort().join(", ");
  handlers.OPTIONS ??= () => new Response(null, { status: 204, headers: { Allow: allow } });
  return { handlers, allow };
}

// Bodies up to this size (declared by Content-Length) are read whole before the handler runs: cheaper
// than a stream for the small JSON bodies of the API. Larger or chunked bodies reach it as a stream.
const BUFFERED_BODY_BYTES = 64 * 1024;

const securityHeaders: Record<string, string> = Object.fromEntries(
  API_HEADERS.map(({ key, value }) => [key.toLowerCase(), value]),
);

/**
 * A node:http request listener that serves the app/api/v1 route handlers without Next.js: the matched
 * route file's exported handler answers the node request (node-request.ts), and its web Response is
 * written back with the security headers every response carries. What the handlers see is what
 * Next.js gives them: the same URL, headers (X-Forwarded-* filled in when the client sent none), body
 * and path parameters. `port` is the server's own port, for X-Forwarded-Port.
 */
export function createApiListener(table: RouteTable<LoadedRoute>, { port }: { port: number }) {
  return function listener(req: IncomingMessage, res: ServerResponse): void {
    serve(table, port, req, res).catch((error) => {
      // Only a response body that fails after its first chunk lands here (every earlier error is
      // answered): the status has gone out, so cutting the connection is how the client learns.
      logError(`[server] ${req.method} ${req.url}: the response could not be written`, error);
      res.destroy();
    });
  };
}

async function serve(
  table: RouteTable<LoadedRoute>,
  port: number,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = req.url ?? "/";
  const queryAt = url.indexOf("?");
  const found = table.match(queryAt === -1 ? url : url.slice(0, queryAt));
  if (!found) {
    const pathname = (queryAt === -1 ? url : url.slice(0, queryAt)).slice(0, 200);
    return send(req, res, json({ detail: `no endpoint at ${pathname}`, code: "not_found" }, 404));
  }
  const method = (req.method ?? "GET") as HttpMethod;
  const handler = found.value.handlers[method];
  if (!handler) {
    const response = json({ detail: `${req.method} is not allowed here`, code: "method_not_allowed" }, 405, {
      Allow: found.value.allow,
    });
    return send(req, res, response);
  }

  let response: Response;
  try {
    const request = new NodeRequest(req, port, await readSmallBody(req));
    // withApi's handlers read the node request as it is; any other handler gets a web Request.
    const segment = { params: Promise.resolve(found.params) };
    response = takesNodeRequest(handler)
      ? await handler(request, segment)
      : await handler(request.toWebRequest(), segment);
  } catch (error) {
    // withApi answers every error of a handler; this is for what happens outside it.
    if (!(error instanceof RequestBodyError || error instanceof BadRequestError))
      logError(`[server] ${req.method} ${url}`, error);
    response = errorResponse(error);
  }
  return send(req, res, response);
}

function errorResponse(error: unknown): Response {
  const { status, body, headers } = describeError(error);
  return json(body, status, headers);
}

class RequestBodyError extends Error {}

/** A body of up to BUFFERED_BODY_BYTES declared by Content-Length, read whole; else null (no body, or one to stream). */
async function readSmallBody(req: IncomingMessage): Promise<Buffer<ArrayBuffer> | null> {
  if (req.method === "GET" || req.method === "HEAD") return null;
  const declared = req.headers["content-length"];
  return declared !== undefined && Number(declared) <= BUFFERED_BODY_BYTES ? readWhole(req) : null;
}

// Buffers read from a socket sit on a plain ArrayBuffer (never a SharedArrayBuffer), as BodyInit wants.
function readWhole(req: IncomingMessage): Promise<Buffer<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("end", () => resolve((chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)) as Buffer<ArrayBuffer>));
    req.once("error", (error) => reject(new RequestBodyError(error.message)));
    // A client that goes away mid-body: the request closes without "end".
    req.once("close", () => {
      if (!req.complete) reject(new RequestBodyError("the client closed the connection"));
    });
  });
}

const NEXT_TURN = Symbol("next turn");

/** Writes a web Response to the node response: status, headers (security headers under them), body. */
async function send(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  // The security headers first: a handler's header of the same name replaces its value.
  for (const key in securityHeaders) res.setHeader(key, securityHeaders[key]);
  let hasCookies = false;
  response.headers.forEach((value, key) => {
    if (key === "set-cookie") hasCookies = true;
    else res.setHeader(key, value);
  });
  if (hasCookies) res.setHeader("set-cookie", response.headers.getSetCookie());
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;

  const bodiless = req.method === "HEAD" || response.status === 204 || response.status === 304;
  // A body made from a string (a JSON answer) goes out as that string, in one write with the headers.
  const text = bodiless ? undefined : bodyTextOf(response);
  if (text !== undefined) {
    res.setHeader("content-length", Buffer.byteLength(text));
    res.end(text);
    return;
  }
  const body = response.body;
  if (!body || bodiless) {
    if (body) await body.cancel().catch(() => {});
    res.end();
    return;
  }

  const reader = body.getReader();
  // The client leaving stops the stream (and whatever produces it).
  const onClose = () => {
    if (!res.writableFinished) reader.cancel().catch(() => {});
  };
  res.once("close", onClose);
  try {
    let first: ReadableStreamReadResult<Uint8Array>;
    try {
      first = await reader.read();
    } catch (error) {
      // The body failed before anything was sent: still time for a proper 500.
      logError(`[server] ${req.method} ${req.url}: the response body failed`, error);
      for (const name of res.getHeaderNames()) res.removeHeader(name);
      return send(req, res, errorResponse(error));
    }
    if (first.done) {
      res.end();
      return;
    }
    // A body that ends right after its first chunk (a JSON text) goes out whole, with Content-Length;
    // one that is still producing (a stream) is sent chunk by chunk as it comes, without waiting.
    let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = reader.read();
    const second = await Promise.race([
      pending,
      new Promise<typeof NEXT_TURN>((resolve) => setImmediate(resolve, NEXT_TURN)),
    ]);
    if (second !== NEXT_TURN && second.done) {
      res.end(first.value);
      return;
    }
    if (!(await write(res, first.value))) return;
    if (second !== NEXT_TURN) {
      if (!(await write(res, second.value))) return;
      pending = null;
    }
    for (;;) {
      const next = await (pending ?? reader.read());
      pending = null;
      if (next.done) break;
      if (!(await write(res, next.value))) return;
    }
    res.end();
  } finally {
    res.off("close", onClose);
  }
}

/** Writes one chunk, waiting for the socket to drain when node's buffer is full; false once the client has gone. */
async function write(res: ServerResponse, chunk: Uint8Array): Promise<boolean> {
  if (res.destroyed) return false;
  if (!res.write(chunk)) {
    await new Promise<void>((resolve) => {
      const done = () => {
        res.off("drain", done);
        res.off("close", done);
        resolve();
      };
      res.once("drain", done);
      res.once("close", done);
    });
  }
  return !res.destroyed;
}
