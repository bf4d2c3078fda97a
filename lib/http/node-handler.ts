import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { getRequestListener, type HttpBindings } from "@hono/node-server";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { BadRequestError } from "@/lib/errors";
import { logError } from "@/lib/log";
import { rememberSocketAddress } from "./client-address";
import { describeError } from "./errors";
import { completeBodyOf, json } from "./responses";
import { HTTP_METHODS, type HttpMethod, type RouteHandler, type RouteModule, type RouteTable } from "./route-table";
import { API_HEADERS } from "./security-headers";
import { SOCKET_ADDRESS_HEADER } from "./socket-stamp";

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

const securityHeaders: Array<[string, string]> = API_HEADERS.map(({ key, value }) => [key.toLowerCase(), value]);

/**
 * A node:http request listener that serves the app/api/v1 route handlers without Next.js.
 * `@hono/node-server` turns node's request into a web Request (built lazily: the method, URL and headers
 * are read from node's request as asked, and a body read whole skips the web stream) and writes the
 * handler's web Response back, streaming it and cancelling the stream when the client leaves. What the
 * handlers see is what Next.js gives them: the same URL, headers (X-Forwarded-* filled in when the client
 * sent none), body and path parameters; every answer carries the security headers. `port` is the
 * server's own port, for X-Forwarded-Port.
 */
export function createApiListener(table: RouteTable<LoadedRoute>, { port }: { port: number }) {
  const listener = getRequestListener((request, env) => serve(table, request, env as HttpBindings), {
    hostname: `localhost:${port}`,
    // Request and Response stay Node's own: Next.js serves the pages in the same process.
    overrideGlobalObjects: false,
    // Our callback answers every error itself; what reaches here is a request no URL can be made of.
    errorHandler: () => errorResponse(new BadRequestError("the request's Host header or path is malformed")),
  });
  return function apiListener(req: IncomingMessage, res: ServerResponse): void {
    forwardedHeaders(req, port);
    // The security headers first: a handler's header of the same name replaces its value.
    for (const [key, value] of securityHeaders) res.setHeader(key, value);
    listener(req, res).catch((error) => {
      logError(`[server] ${req.method} ${req.url}: the response could not be written`, error);
      res.destroy();
    });
  };
}

/**
 * Fills in, as Next.js does (base-server.ts), the X-Forwarded-* headers the client did not send
 * (client-address.ts reads X-Forwarded-For), and stamps the socket's address as server.ts stamps what it
 * hands to Next.js: a client's own value under that name never passes.
 */
function forwardedHeaders(req: IncomingMessage, port: number): void {
  const { headers, rawHeaders } = req;
  const add = (name: string, value: string) => {
    headers[name] = value;
    rawHeaders.push(name, value);
  };
  const host = headers.host ?? `localhost:${port}`;
  if (headers["x-forwarded-host"] === undefined) add("x-forwarded-host", host);
  if (headers["x-forwarded-port"] === undefined) add("x-forwarded-port", String(port));
  if (headers["x-forwarded-proto"] === undefined) add("x-forwarded-proto", "http");
  const socketAddress = req.socket.remoteAddress;
  if (headers["x-forwarded-for"] === undefined && socketAddress) add("x-forwarded-for", socketAddress);
  if (headers[SOCKET_ADDRESS_HEADER] !== undefined) {
    delete headers[SOCKET_ADDRESS_HEADER];
    for (let at = rawHeaders.length - 2; at >= 0; at -= 2)
      if (rawHeaders[at].toLowerCase() === SOCKET_ADDRESS_HEADER) rawHeaders.splice(at, 2);
  }
  if (socketAddress) add(SOCKET_ADDRESS_HEADER, socketAddress);
}

async function serve(table: RouteTable<LoadedRoute>, request: Request, env: HttpBindings): Promise<Response> {
  const url = env.incoming.url ?? "/";
  const queryAt = url.indexOf("?");
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const found = table.match(pathname);
  if (!found) return json({ detail: `no endpoint at ${pathname.slice(0, 200)}`, code: "not_found" }, 404);
  const method = request.method as HttpMethod;
  const handler = found.value.handlers[method];
  if (!handler) {
    const detail = `${request.method} is not allowed here`;
    return json({ detail, code: "method_not_allowed" }, 405, { Allow: found.value.allow });
  }

  rememberSocketAddress(request, env.incoming.socket.remoteAddress ?? null);
  let response: Response;
  try {
    response = await handler(request, { params: Promise.resolve(found.params) });
  } catch (error) {
    // withApi answers every error of a handler; this is for what happens outside it. A client that left
    // mid-body is not a failure of ours.
    const clientLeft = env.incoming.destroyed && !env.incoming.complete;
    if (!(error instanceof BadRequestError) && !clientLeft) logError(`[server] ${request.method} ${url}`, error);
    return errorResponse(error);
  }
  const body = completeBodyOf(response);
  return body === undefined
    ? firstChunkRead(response, request, env.outgoing)
    : writeWhole(response, body, env.outgoing);
}

/**
 * Writes an answer whose whole body is known (json(), noContent(), attachment()) in one call. The adapter
 * would read it back from the Response's stream, which costs a fifth of the service's time per request on
 * the pricing benchmark (docs/benchmarks.md).
 */
function writeWhole(response: Response, body: string | Uint8Array | null, outgoing: ServerResponse): Response {
  const headers: OutgoingHttpHeaders = {};
  response.headers.forEach((value, key) => {
    if (key !== "set-cookie") headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  if (body !== null) headers["content-length"] = typeof body === "string" ? Buffer.byteLength(body) : body.byteLength;
  outgoing.writeHead(response.status, headers);
  outgoing.end(body ?? undefined);
  return RESPONSE_ALREADY_SENT;
}

function errorResponse(error: unknown): Response {
  const { status, body, headers } = describeError(error);
  return json(body, status, headers);
}

/**
 * A streamed answer with its first chunk already read: a body that fails before anything was sent still
 * gets a proper 500, and one that fails later cuts the connection (the status has gone out, so that is
 * how the client learns), logged redacted. The adapter cancels the stream when the client leaves.
 */
async function firstChunkRead(response: Response, request: Request, outgoing: ServerResponse): Promise<Response> {
  const body = response.body;
  if (!body) return response;
  const reader = body.getReader();
  let first: ReadableStreamReadResult<Uint8Array>;
  try {
    first = await reader.read();
  } catch (error) {
    logError(`[server] ${request.method} ${request.url}: the response body failed`, error);
    return errorResponse(error);
  }
  let pending: Uint8Array | undefined = first.value;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (pending) {
        controller.enqueue(pending);
        pending = undefined;
        return;
      }
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch (error) {
        if (cancelled) return;
        logError(`[server] ${request.method} ${request.url}: the response could not be written`, error);
        outgoing.destroy();
        controller.close();
        return;
      }
      if (cancelled) return;
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel(reason) {
      cancelled = true;
      return reader.cancel(reason);
    },
  });
  const { status, statusText, headers } = response;
  return new Response(first.done ? null : stream, { status, statusText, headers });
}
