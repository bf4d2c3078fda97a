import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { BadRequestError } from "@/lib/errors";
import { SOCKET_ADDRESS_HEADER } from "./socket-stamp";

// The production server's requests (node-handler.ts), as withApi reads them without a web Request. On
// Node 20, constructing a web Request (URL parsing, a Headers list, an AbortSignal) costs more than
// the rest of a small API call. withApi and its handlers only read the method, URL, headers and body,
// so the server hands them a NodeRequest; a web Request is made only for a route export not made by
// withApi, or to stream a large body.

/** What withApi and its helpers read of a request: a web Request (Next.js, tests) or a NodeRequest. */
export type ApiRequest = Request | NodeRequest;

/**
 * A request read from node:http as Next.js would present it: the same URL and headers (X-Forwarded-*
 * filled in when the client sent none, X-Forwarded-For with the socket's address), with a small body
 * (declared by Content-Length) already read whole and a larger or chunked one left on the socket.
 */
export class NodeRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: { get(name: string): string | null };
  /** The address of the socket the request came in on (client-address.ts). */
  readonly socketAddress: string | null;
  readonly #incoming: IncomingMessage;
  readonly #fields: NodeJS.Dict<string[]>;
  #bytes: Buffer<ArrayBuffer> | null;
  #web: Request | null = null;

  constructor(incoming: IncomingMessage, port: number, bytes: Buffer<ArrayBuffer> | null) {
    // headersDistinct keeps every value of a repeated header, so get() joins them as web Headers does.
    const fields = incoming.headersDistinct;
    const host = fields.host?.[0] ?? `localhost:${port}`;
    const proto = fields["x-forwarded-proto"]?.[0] === "https" ? "https" : "http";
    // As Next.js does (base-server.ts); client-address.ts reads X-Forwarded-For.
    fields["x-forwarded-host"] ??= [host];
    fields["x-forwarded-port"] ??= [String(port)];
    fields["x-forwarded-proto"] ??= [proto];
    const socketAddress = incoming.socket.remoteAddress ?? null;
    if (fields["x-forwarded-for"] === undefined && socketAddress) fields["x-forwarded-for"] = [socketAddress];
    // As server.ts stamps what it hands to Next.js: a client's own value under that name never passes.
    if (socketAddress) fields[SOCKET_ADDRESS_HEADER] = [socketAddress];
    else delete fields[SOCKET_ADDRESS_HEADER];

    const url = `${proto}://${host}${incoming.url}`;
    // What node's parser lets through but a URL refuses (a malformed Host or path) is the client's error.
    if (!URL.canParse(url)) throw new BadRequestError("the request's Host header or path is malformed");
    this.method = incoming.method ?? "GET";
    this.socketAddress = socketAddress;
    this.url = url;
    this.headers = { get: (name) => joined(fields[name.toLowerCase()]) };
    this.#incoming = incoming;
    this.#fields = fields;
    this.#bytes = bytes;
  }

  /** The body's bytes when it was read whole, once: the first reader takes them (as reading a stream would). */
  takeBytes(): Buffer<ArrayBuffer> | undefined {
    if (this.#web || !this.#bytes) return undefined;
    const bytes = this.#bytes;
    this.#bytes = null;
    return bytes;
  }

  /** The web Request, made on first use, with the body not yet taken. */
  toWebRequest(): Request {
    this.#web ??= this.#makeWebRequest();
    return this.#web;
  }

  #makeWebRequest(): Request {
    // No abort signal that follows the client, unlike Next.js: no handler reads one. A streamed answer is
    // still cancelled when the client leaves (node-handler.ts).
    const init: RequestInit & { duplex?: "half" } = { method: this.method };
    const given = this.#incoming.headers;
    const sentBody =
      this.method !== "GET" &&
      this.method !== "HEAD" &&
      (given["content-length"] !== undefined || given["transfer-encoding"] !== undefined);
    if (this.#bytes) {
      init.body = this.#bytes;
    } else if (sentBody && !this.#incoming.readableEnded) {
      // A body read whole and already taken has left the socket: the Request is then empty, as a stream
      // read to its end would be.
      init.body = Readable.toWeb(this.#incoming) as ReadableStream<Uint8Array>;
      init.duplex = "half";
    }
    try {
      const headers = new Headers();
      for (const [name, values] of Object.entries(this.#fields))
        for (const value of values ?? []) headers.append(name, value);
      return new Request(this.url, { ...init, headers });
    } catch {
      // A header value node's parser accepted but web Headers refuse.
      throw new BadRequestError("the request's headers are malformed");
    }
  }
}

function joined(values: string[] | undefined): string | null {
  if (values === undefined) return null;
  return values.length === 1 ? values[0] : values.join(", ");
}

/**
 * The bytes `req`'s body was read as, once: the first reader takes them (as reading a stream would); a
 * later one reads the stream, which is then empty. Undefined for a body that is still a stream.
 */
export function takeBodyBytes(req: ApiRequest): Buffer<ArrayBuffer> | undefined {
  return req instanceof NodeRequest ? req.takeBytes() : undefined;
}

/** The web Request behind `req`: itself, or a NodeRequest's, made now. */
export function webRequestOf(req: ApiRequest): Request {
  return req instanceof NodeRequest ? req.toWebRequest() : req;
}
