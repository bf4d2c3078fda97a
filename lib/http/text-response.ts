// A JSON answer (json()) as the production server (node-handler.ts) writes it: its string, with its
// Content-Length, in one write with the headers. On Node 20 a web Response built with a body makes a
// ReadableStream for it, which costs more than the rest of a small API call; a TextResponse is built
// without one and makes the real body only when someone reads it (the tests, the idempotency record).

const BODY_READERS = ["arrayBuffer", "blob", "bytes", "formData", "json", "text"] as const;

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
    this.#real ??= new Response(this.#text, {
      status: this.status,
      statusText: this.statusText,
      headers: this.headers,
    });
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

// The readers (text(), json(), ...) read the real body, made when first needed.
for (const name of BODY_READERS) {
  Object.defineProperty(TextResponse.prototype, name, {
    value(this: TextResponse) {
      return (this.materialize() as unknown as Record<string, () => Promise<unknown>>)[name]();
    },
  });
}

/** The text `response` was built from, while its body is still unread; else undefined. */
export function bodyTextOf(response: Response): string | undefined {
  return response instanceof TextResponse ? response.unreadText() : undefined;
}
