import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { clientAddress } from "@/lib/http/client-address";
import { createApiListener, loadedRoute, type LoadedRoute } from "@/lib/http/node-handler";
import { defineOperation } from "@/lib/http/operation";
import { createRouteTable, type RouteModule } from "@/lib/http/route-table";
import { API_ROUTES } from "@/lib/http/routes.generated";
import { API_CSP, API_HEADERS, HSTS } from "@/lib/http/security-headers";
import { SOCKET_ADDRESS_HEADER } from "@/lib/http/socket-stamp";
import { json as wholeJson } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { createTestUser } from "@/test/fixtures";

// The production server's /api/v1 path (server.ts): node:http straight to the route handlers. It is
// started here in-process on an ephemeral port, with the real route table against the test database,
// plus a few routes of the test's own that show what a handler receives and can send.

// What a handler saw: the caller's address as the services read it, the forwarding headers and the body.
async function echo(req: Request): Promise<Response> {
  const body = new Uint8Array(await req.arrayBuffer());
  return Response.json({
    request_class: req.constructor.name,
    url: req.url,
    client_address: clientAddress(req),
    forwarded_for: req.headers.get("x-forwarded-for"),
    forwarded_host: req.headers.get("x-forwarded-host"),
    forwarded_port: req.headers.get("x-forwarded-port"),
    forwarded_proto: req.headers.get("x-forwarded-proto"),
    socket_stamp: req.headers.get(SOCKET_ADDRESS_HEADER),
    repeated: req.headers.get("x-repeated"),
    body_bytes: body.byteLength,
    body_sha256: createHash("sha256").update(body).digest("hex"),
  });
}

// A withApi route: withApi, its handler and the echo read the one Request the server made.
const apiEcho = withApi(
  defineOperation({
    method: "POST",
    path: "/__test/api-echo",
    tag: "test",
    summary: "echo",
    access: "public",
    responses: { 200: { description: "what the handler saw" } },
  }),
  async ({ req }) => {
    // The services' address comes from the request withApi got (the server knows its socket).
    const seen = await (await echo(req)).json();
    return Response.json({ ...seen, client_address: clientAddress(req) });
  },
);

const testRoutes: Record<string, RouteModule> = {
  "/api/v1/__test/echo": { POST: echo },
  "/api/v1/__test/api-echo": { POST: apiEcho },
  // A binary answer produced over time: the first chunk must leave before the last is made.
  "/api/v1/__test/stream": {
    GET: () => {
      let timer: NodeJS.Timeout;
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new Uint8Array([0, 1, 2, 255]));
          timer = setTimeout(() => {
            controller.enqueue(new Uint8Array([254, 253]));
            controller.close();
          }, 300);
        },
        cancel() {
          clearTimeout(timer);
        },
      });
      return new Response(stream, {
        headers: { "content-type": "application/octet-stream", "x-frame-options": "SAMEORIGIN" },
      });
    },
  },
  // A stream that never ends, for a client that leaves.
  "/api/v1/__test/endless": {
    GET: () => {
      let timer: NodeJS.Timeout;
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          timer = setInterval(() => controller.enqueue(new Uint8Array(1024)), 5);
        },
        cancel() {
          clearInterval(timer);
          endlessCancelled = true;
        },
      });
      return new Response(stream);
    },
  },
  // A response body that fails before its first chunk.
  "/api/v1/__test/broken-body": {
    GET: () =>
      new Response(
        new ReadableStream({
          pull() {
            throw new Error("secret internals of the stream");
          },
        }),
      ),
  },
  // An answer of responses.ts, which the server writes from the body it keeps instead of reading it back.
  "/api/v1/__test/whole": {
    GET: () => {
      const response = wholeJson({ name: "Ramírez Ñúñez" }, 201, { "X-Frame-Options": "SAMEORIGIN" });
      response.headers.append("Set-Cookie", "a=1; Path=/");
      response.headers.append("Set-Cookie", "b=2; Path=/");
      return response;
    },
  },
  "/api/v1/__test/throws": {
    GET: () => {
      throw new Error("secret internals at /srv/app");
    },
  },
};
let endlessCancelled = false;

let server: http.Server;
let base: { host: string; port: number };

beforeAll(async () => {
  const real = await Promise.all(
    API_ROUTES.map(async ({ path, load }) => ({ path, value: loadedRoute(await load()) })),
  );
  const own = Object.entries(testRoutes).map(([path, module]) => ({ path, value: loadedRoute(module) }));
  server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  server.on("request", createApiListener(createRouteTable<LoadedRoute>([...real, ...own]), { port }));
  base = { host: "127.0.0.1", port };
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; text: string; json: () => any }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** One request over a fresh connection; `body` may be a buffer or an async source of chunks (sent chunked). */
function call(
  method: string,
  path: string,
  options: {
    headers?: Record<string, string | number>;
    body?: Buffer | string | AsyncIterable<Buffer>;
    localAddress?: string;
  } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { ...base, method, path, headers: options.headers, agent: false, localAddress: options.localAddress },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            body,
            text: body.toString("utf8"),
            json: () => JSON.parse(body.toString("utf8")),
          });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    const { body } = options;
    if (body === undefined || typeof body === "string" || Buffer.isBuffer(body)) {
      req.end(body);
      return;
    }
    void (async () => {
      for await (const chunk of body) if (!req.write(chunk)) await new Promise((drained) => req.once("drain", drained));
      req.end();
    })().catch(reject);
  });
}

const json = (value: unknown) => ({ headers: { "content-type": "application/json" }, body: JSON.stringify(value) });

describe("the node:http server of /api/v1", () => {
  it("signs in and answers a bearer request: a JSON round trip through the real handlers", async () => {
    const user = await createTestUser({ roles: ["CLIENTE"] });
    const login = await call("POST", "/api/v1/auth/login", json({ email: user.email, password: user.password }));
    expect(login.status).toBe(200);
    expect(login.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(Number(login.headers["content-length"])).toBe(login.body.byteLength);
    const { access_token } = login.json();

    const me = await call("GET", "/api/v1/auth/me/", { headers: { authorization: `Bearer ${access_token}` } });
    expect(me.status).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, email: user.email });

    const wrong = await call(
      "POST",
      "/api/v1/auth/login",
      json({ email: user.email, password: "not-the-password-at-all" }),
    );
    expect(wrong.status).toBe(401);
    expect(wrong.json()).toHaveProperty("detail");
  });

  it("sets the security headers of next.config.ts, a request id, and no X-Powered-By", async () => {
    const health = await call("GET", "/api/v1/health");
    expect(health.status).toBe(200);
    expect(health.json()).toEqual({ status: "ok", database: "ok" });
    for (const { key, value } of API_HEADERS) expect(health.headers[key.toLowerCase()]).toBe(value);
    expect(health.headers["x-request-id"]).toBeTruthy();
    expect(health.headers["x-powered-by"]).toBeUndefined();
    // The API is not a page: its CSP lets nothing load or run, and nobody frame it.
    expect(health.headers["content-security-policy"]).toBe(API_CSP);
    expect(health.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(health.headers["strict-transport-security"]).toBe(HSTS);
  });

  it("sets the security headers on the answers the server makes itself: 404, 405, OPTIONS, errors", async () => {
    const answers = [
      await call("GET", "/api/v1/no-such-endpoint"),
      await call("DELETE", "/api/v1/health"),
      await call("OPTIONS", "/api/v1/health"),
      await call("POST", "/api/v1/auth/login", json({ email: "nobody@example.com", password: "wrong-password-1" })),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([404, 405, 204, 401]);
    for (const answer of answers) {
      for (const { key, value } of API_HEADERS) expect(answer.headers[key.toLowerCase()], key).toBe(value);
      expect(answer.headers["x-powered-by"]).toBeUndefined();
    }
  });

  it("writes a whole answer of responses.ts as it was made: status, every header and cookie, exact length", async () => {
    const answer = await call("GET", "/api/v1/__test/whole");
    expect(answer.status).toBe(201);
    expect(answer.json()).toEqual({ name: "Ramírez Ñúñez" });
    expect(answer.headers["content-length"]).toBe(String(answer.body.byteLength));
    expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(answer.headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(answer.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    const head = await call("HEAD", "/api/v1/__test/whole");
    expect(head.status).toBe(201);
    expect(head.body.byteLength).toBe(0);
  });

  it("keeps a header the handler set itself over the default", async () => {
    const answer = await call("GET", "/api/v1/__test/stream");
    expect(answer.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("answers an unknown /api/v1 path with a JSON 404", async () => {
    for (const path of ["/api/v1/no-such-endpoint", "/api/v1", "/api/v1/health/extra?x=1"]) {
      const answer = await call("GET", path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers["content-type"]).toContain("application/json");
      expect(answer.json().detail).toContain("no endpoint");
    }
  });

  it("answers a method the route file does not export with 405 and Allow; OPTIONS and HEAD as Next.js does", async () => {
    const refused = await call("DELETE", "/api/v1/health");
    expect(refused.status).toBe(405);
    expect(refused.headers.allow).toBe("GET, HEAD, OPTIONS");
    expect(refused.json()).toHaveProperty("detail");

    const options = await call("OPTIONS", "/api/v1/auth/login");
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe("OPTIONS, POST");

    const head = await call("HEAD", "/api/v1/health");
    expect(head.status).toBe(200);
    expect(head.headers["content-type"]).toContain("application/json");
    expect(head.body.byteLength).toBe(0);
  });

  it("refuses a JSON body over 1 MB with 413, declared or streamed", async () => {
    const big = Buffer.alloc(1024 * 1024 + 10, "a");
    const declared = await call("POST", "/api/v1/auth/login", {
      headers: { "content-type": "application/json", "content-length": big.byteLength },
      body: big,
    });
    expect(declared.status).toBe(413);
    expect(declared.json()).toHaveProperty("detail");

    async function* chunked() {
      for (let i = 0; i < 20; i++) yield Buffer.alloc(64 * 1024, "b");
    }
    const streamed = await call("POST", "/api/v1/auth/login", {
      headers: { "content-type": "application/json" },
      body: chunked(),
    });
    expect(streamed.status).toBe(413);
    expect(streamed.json()).toHaveProperty("detail");
  });

  it("fills X-Forwarded-For with the socket's address only when the client sent none, as Next.js does", async () => {
    const direct = (await call("POST", "/api/v1/__test/echo", { body: "" })).json();
    expect(direct.forwarded_for).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    // The tests run with TRUSTED_PROXY_HOPS=1 (vitest.config.mts): the last entry is the caller.
    expect(direct.client_address).toBe(direct.forwarded_for);
    expect(direct.forwarded_host).toBe(`127.0.0.1:${base.port}`);
    expect(direct.url).toBe(`http://127.0.0.1:${base.port}/api/v1/__test/echo`);

    const proxied = (
      await call("POST", "/api/v1/__test/echo?x=1", {
        headers: { "x-forwarded-for": "198.51.100.7, 203.0.113.5", "x-forwarded-host": "cover.example" },
        body: "",
      })
    ).json();
    expect(proxied.forwarded_for).toBe("198.51.100.7, 203.0.113.5");
    expect(proxied.client_address).toBe("203.0.113.5");
    expect(proxied.forwarded_host).toBe("cover.example");
    expect(proxied.url).toBe(`http://127.0.0.1:${base.port}/api/v1/__test/echo?x=1`);
  });

  it("with no trusted proxy takes the socket's address as the caller, whatever the client writes", async () => {
    vi.stubEnv("TRUSTED_PROXY_HOPS", "0");
    try {
      const forged = {
        "x-forwarded-for": "198.51.100.7",
        [SOCKET_ADDRESS_HEADER]: "198.51.100.8",
        "content-type": "application/json",
      };
      for (const localAddress of ["127.0.0.2", "127.0.0.3"]) {
        const seen = (
          await call("POST", "/api/v1/__test/api-echo", { headers: forged, body: "", localAddress })
        ).json();
        expect(seen.client_address, localAddress).toBe(localAddress);
        expect(seen.forwarded_for).toBe("198.51.100.7");
      }
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("counts sign-in failures per socket address: five from one lock that pair, not the user's own address", async () => {
    vi.stubEnv("TRUSTED_PROXY_HOPS", "0");
    try {
      const user = await createTestUser({ roles: ["ADMIN"] });
      const attempt = (password: string, localAddress: string, forwardedFor: string) =>
        call("POST", "/api/v1/auth/login", {
          ...json({ email: user.email, password }),
          localAddress,
          headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
        });
      // A new X-Forwarded-For each time does not make a new bucket.
      for (let i = 1; i <= 5; i++)
        expect((await attempt(`wrong-${i}`, "127.0.0.4", `203.0.113.${i}`)).status, `failure ${i}`).toBe(401);
      expect((await attempt(user.password, "127.0.0.4", "203.0.113.99")).status).toBe(429);
      expect((await attempt(user.password, "127.0.0.5", "203.0.113.1")).status).toBe(200);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("hands withApi's handlers the same Request a plain handler gets", async () => {
    for (const size of [0, 1000, 300 * 1024]) {
      const bytes = randomBytes(size);
      const options = {
        headers: { "x-repeated": ["a", "b"] as unknown as string, "content-type": "application/octet-stream" },
        body: bytes,
      };
      const plain = (await call("POST", "/api/v1/__test/echo?q=1", options)).json();
      const api = (await call("POST", "/api/v1/__test/api-echo?q=1", options)).json();
      expect(api).toEqual({ ...plain, url: plain.url.replace("/echo", "/api-echo") });
      expect(api).toMatchObject({
        repeated: "a, b",
        body_bytes: size,
        body_sha256: createHash("sha256").update(bytes).digest("hex"),
      });
    }
  });

  it("presents the forwarding headers as Next.js does, and the socket's address under the stamp, never the client's", async () => {
    const seen = (
      await call("POST", "/api/v1/__test/echo", {
        headers: { [SOCKET_ADDRESS_HEADER]: "198.51.100.66" },
        body: "",
        localAddress: "127.0.0.7",
      })
    ).json();
    expect(seen.forwarded_port).toBe(String(base.port));
    expect(seen.forwarded_proto).toBe("http");
    expect(seen.forwarded_for).toMatch(/^(::ffff:)?127\.0\.0\.7$/);
    expect(seen.socket_stamp).toBe(seen.forwarded_for);
  });

  it("answers 400 {detail} to a Host header that makes no URL", async () => {
    const answer = await call("GET", "/api/v1/health", { headers: { host: "bad host:1" } });
    expect(answer.status).toBe(400);
    expect(answer.json().detail).toMatch(/Host header or path is malformed/);
  });

  it("passes binary bodies through unchanged, small (read whole) and large (streamed, chunked)", async () => {
    for (const size of [1000, 300 * 1024]) {
      const bytes = randomBytes(size);
      const sha256 = createHash("sha256").update(bytes).digest("hex");
      const whole = (
        await call("POST", "/api/v1/__test/echo", {
          headers: { "content-type": "application/octet-stream" },
          body: bytes,
        })
      ).json();
      expect(whole).toMatchObject({ body_bytes: size, body_sha256: sha256 });
      async function* pieces() {
        for (let at = 0; at < size; at += 7000) yield bytes.subarray(at, at + 7000);
      }
      const chunked = (await call("POST", "/api/v1/__test/echo", { body: pieces() })).json();
      expect(chunked).toMatchObject({ body_bytes: size, body_sha256: sha256 });
    }
  });

  it("streams a response body as it is produced instead of waiting for its end", async () => {
    const started = Date.now();
    const arrivals: number[] = [];
    const answer = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get({ ...base, path: "/api/v1/__test/stream", agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => {
            arrivals.push(Date.now() - started);
            chunks.push(chunk);
          });
          res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });
    expect([...answer.body]).toEqual([0, 1, 2, 255, 254, 253]);
    expect(answer.headers["transfer-encoding"]).toBe("chunked");
    expect(arrivals[0]).toBeLessThan(250);
    expect(arrivals.at(-1)!).toBeGreaterThanOrEqual(280);
  });

  it("answers an error outside withApi, or a body that fails at once, with 500 {detail} and no internals", async () => {
    for (const path of ["/api/v1/__test/throws", "/api/v1/__test/broken-body"]) {
      const answer = await call("GET", path);
      expect(answer.status, path).toBe(500);
      expect(answer.json()).toEqual({ detail: "internal server error", code: "internal" });
      expect(answer.text).not.toContain("secret internals");
    }
  });

  it("survives clients that leave mid-body or mid-answer, and stops the answer's stream", async () => {
    await new Promise<void>((resolve) => {
      const req = http.request({
        ...base,
        method: "POST",
        path: "/api/v1/__test/echo",
        headers: { "content-length": 5000 },
        agent: false,
      });
      req.on("error", () => resolve());
      req.write(Buffer.alloc(100));
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 50);
    });
    await new Promise<void>((resolve) => {
      const req = http.get({ ...base, path: "/api/v1/__test/endless", agent: false }, (res) => {
        res.once("data", () => {
          req.destroy();
          resolve();
        });
      });
      req.on("error", () => resolve());
    });
    await expect.poll(() => endlessCancelled, { timeout: 2000 }).toBe(true);
    expect((await call("GET", "/api/v1/health")).status).toBe(200);
  });
});
