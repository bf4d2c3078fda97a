import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { parseFormBody } from "./form-body";

// A tiny HTTP server standing in for an outside provider: it records every request and answers with
// what the test scripted. Tests point the real client at `url` through the provider's base-URL setting.

// Bodies are whatever JSON (or form, parsed to nested objects) the client sent or the fake answered; tests
// read them like api() responses.
// `raw`, when given, is sent as it is (as text/html) instead of `body` as JSON: a provider answering garbage,
// such as a proxy's error page.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FakeReply = { status: number; body: any; raw?: string };
export type RecordedRequest = {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  reply?: FakeReply;
};
type Responder = (request: RecordedRequest) => FakeReply;

export type FakeServer = {
  url: string;
  requests: RecordedRequest[];
  /** The next `count` requests get this reply; later ones get the default again. */
  failNext: (count: number, reply?: FakeReply) => void;
  /** Every request gets this reply until `reset`. */
  failAlways: (reply?: FakeReply) => void;
  /** Every reply is held back `ms` milliseconds (until `reset`): a slow provider, for client timeouts. */
  hang: (ms: number) => void;
  /** Forgets recorded requests, scripted failures and `hang`. */
  reset: () => void;
  close: () => Promise<void>;
};

/** A 200 whose body is not JSON at all (what a misconfigured proxy or a captive portal answers). */
export const GARBAGE_REPLY: FakeReply = {
  status: 200,
  body: null,
  raw: "<html><body>Service Temporarily Unavailable</body></html>",
};

/**
 * `serverError` is the provider's own shape of a 500, used by `failNext` and `failAlways`. `port` 0 (the
 * default) takes a free one; the e2e server, configured before the fake starts, needs a known one.
 */
export async function startFakeServer(respond: Responder, serverError: FakeReply, port = 0): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  let failures: { remaining: number; reply: FakeReply } = { remaining: 0, reply: serverError };
  let replyDelayMs = 0;

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown = text;
      if (!text) {
        body = null;
      } else if (req.headers["content-type"]?.startsWith("application/x-www-form-urlencoded")) {
        body = parseFormBody(text);
      } else {
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON: keep the text
        }
      }
      const request: RecordedRequest = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body };
      requests.push(request);
      let reply: FakeReply;
      if (failures.remaining > 0) {
        failures.remaining--;
        reply = failures.reply;
      } else {
        reply = respond(request);
      }
      request.reply = reply;
      const send = () => {
        // A client that timed out has closed the connection by now.
        if (res.destroyed) return;
        if (reply.raw !== undefined) {
          res.writeHead(reply.status, { "content-type": "text/html" });
          res.end(reply.raw);
          return;
        }
        res.writeHead(reply.status, { "content-type": "application/json" });
        res.end(JSON.stringify(reply.body));
      };
      // The request has been handled (like a provider that is slow to answer, not one that never got it);
      // unref: a held reply must not keep the test process alive.
      if (replyDelayMs > 0) setTimeout(send, replyDelayMs).unref();
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: listening } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${listening}`,
    requests,
    failNext: (count, reply = serverError) => {
      failures = { remaining: count, reply };
    },
    failAlways: (reply = serverError) => {
      failures = { remaining: Number.POSITIVE_INFINITY, reply };
    },
    hang: (ms) => {
      replyDelayMs = ms;
    },
    reset: () => {
      requests.length = 0;
      failures = { remaining: 0, reply: serverError };
      replyDelayMs = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // fetch keeps connections alive; without this, close waits for them to time out.
        server.closeAllConnections();
      }),
  };
}
