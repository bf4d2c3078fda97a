// Bodies the production server (node-handler.ts) already holds whole. On Node 20, a web Request or
// Response built with a body makes a ReadableStream for it, which costs more than the rest of a small
// API request; these two classes are built without one and make the real body only when someone
// reads it (the tests, a handler reading req.body, the idempotency record). A JSON answer (json()) is
// written to the socket as its string, with its Content-Length, in one write with the headers; a small
// request body read before the handler runs is handed to with-api's reader as those bytes.

const BODY_READERS = ["arrayBuffer", "blob", "bytes", "formData", "json", "text"] as const;

/** A web Request whose body, read whole from the socket, becomes a stream only when it is read as one. */
export class WholeBodyRequest extends Request {
  #bytes: Buffer<ArrayBuffer> | null;
  #real: Request | null = null;

  constructor(url: string, init: Omit<RequestInit, "body">, bytes: Buffer<ArrayBuffer>) {
    super(url, init);
    this.#bytes = bytes;
  }

  /** The body's bytes, once: the first reader takes them (as reading a stream would); else undefined. */
  takeBytes(): Buffer<ArrayBuffer> | undefined {
    if (this.#real || !this.#bytes) return undefined;
    const bytes = this.#bytes;
    this.#bytes = null;
    return bytes;
  }

  /** The Request with its body as a stream, made on first use (empty once the bytes were taken). */
  materialize(): Request {
    this.#real ??= new Request(this.url, { method: this.method, headers: this.headers, body: this.#bytes });
    return this.#real;
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    return this.materialize().body;
  }

  override get bodyUsed(): boolean {
    return this.#bytes === null || (this.#real?.bodyUsed ?? false);
  }

  override clone(): Request {
    return this.materialize().clone();
  }
}

/** A web Response made from a string, written out as that string unless someone reads it as a stream. */
export class TextResponse extends Response {
  readonly #text: string;
  #real: Response | null = null;

  constructor(text: string, init: ResponseInit) {
    super(null, init);
    this.#text = text;
  }

  /** The text, while the body is still unread; else undefined. */
  unreadText(): string | undefined {
    return this.#real ? undefined : this.#text;
  }

  /** The Response with its body as a stream, made on first use. */
  materialize(): Response {
    this.#real ??= new Response(this.#text, { status: this.status, statusText: this.statusText, headers: this.headers });
    return this.#real;
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    return this.materialize().body;
  }

  override get bodyUsed(): boolean {
    return this.#real?.bodyUsed ?? false;
  }

  override clone(): Response {
    return this.materialize().clone();
  }
}

// The readers (text(), json(), ...) of both classes read the real body, made when first needed.
for (const owner of [WholeBodyRequest, TextResponse]) {
  for (const name of BODY_READERS) {
    Object.defineProperty(owner.prototype, name, {
      value(this: WholeBodyRequest | TextResponse) {
        return (this.materialize() as unknown as Record<string, () => Promise<unknown>>)[name]();
      },
    });
  }
}

/** The text `response` was built from, while its body is still unread; else undefined. */
export function bodyTextOf(response: Response): string | undefined {
  return response instanceof TextResponse ? response.unreadText() : undefined;
}
