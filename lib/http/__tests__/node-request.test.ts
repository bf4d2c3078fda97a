import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NodeRequest, takeBodyBytes, webRequestOf } from "../node-request";
import { SOCKET_ADDRESS_HEADER } from "../socket-stamp";

// The server's request as withApi reads it: headers and URL as Next.js presents them, the body's bytes
// handed over once, and the web Request, when asked for, carrying whatever has not been taken.

const BODY = '{"a":1}';

// A node:http server that reads each request's small body whole, as the production server does, and
// hands the NodeRequest it makes to the waiting test.
let server: http.Server;
let received: (request: NodeRequest) => void;

beforeAll(async () => {
  server = http.createServer((incoming, res) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      received(new NodeRequest(incoming, 3000, Buffer.concat(chunks) as Buffer<ArrayBuffer>));
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A NodeRequest for POST /api/v1/x?q=1 to host cover.example with a JSON body and a repeated header. */
function receivedRequest(): Promise<NodeRequest> {
  const arrived = new Promise<NodeRequest>((resolve) => (received = resolve));
  const { port } = server.address() as AddressInfo;
  // A client's own socket-address header, which the request replaces with its socket's.
  const headers = {
    host: "cover.example",
    "content-type": "application/json",
    "x-repeated": ["a", "b"],
    [SOCKET_ADDRESS_HEADER]: "198.51.100.66",
  };
  http
    .request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/api/v1/x?q=1",
      headers,
      agent: false,
      localAddress: "127.0.0.7",
    })
    .end(BODY);
  return arrived;
}

describe("NodeRequest", () => {
  it("presents the URL and headers as Next.js does, repeated headers joined as web Headers join them", async () => {
    const request = await receivedRequest();
    expect(request.method).toBe("POST");
    expect(request.url).toBe("http://cover.example/api/v1/x?q=1");
    expect(request.headers.get("Content-Type")).toBe("application/json");
    expect(request.headers.get("x-repeated")).toBe("a, b");
    expect(request.headers.get("x-forwarded-host")).toBe("cover.example");
    expect(request.headers.get("x-forwarded-port")).toBe("3000");
    expect(request.headers.get("x-forwarded-proto")).toBe("http");
    expect(request.headers.get("x-forwarded-for")).toMatch(/^(::ffff:)?127\.0\.0\.7$/);
    expect(request.headers.get("authorization")).toBeNull();
    expect(request.socketAddress).toMatch(/^(::ffff:)?127\.0\.0\.7$/);
    expect(request.headers.get(SOCKET_ADDRESS_HEADER)).toBe(request.socketAddress);
    expect(webRequestOf(request).headers.get(SOCKET_ADDRESS_HEADER)).toBe(request.socketAddress);
  });

  it("makes a web Request with the same method, URL, headers and body", async () => {
    const web = webRequestOf(await receivedRequest());
    expect(web).toBeInstanceOf(Request);
    expect(web.method).toBe("POST");
    expect(web.url).toBe("http://cover.example/api/v1/x?q=1");
    expect(web.headers.get("x-repeated")).toBe("a, b");
    expect(await web.json()).toEqual({ a: 1 });
  });

  it("hands its bytes over once, then its web Request's body is empty", async () => {
    const request = await receivedRequest();
    expect(takeBodyBytes(request)?.toString()).toBe(BODY);
    expect(takeBodyBytes(request)).toBeUndefined();
    expect(await request.toWebRequest().text()).toBe("");
  });

  it("keeps its bytes for the web Request once that was made", async () => {
    const request = await receivedRequest();
    expect(await request.toWebRequest().text()).toBe(BODY);
    expect(takeBodyBytes(request)).toBeUndefined();
  });

  it("gives a plain Request no bytes and is its own web Request", () => {
    const plain = new Request("http://localhost/", { method: "POST", body: "x" });
    expect(takeBodyBytes(plain)).toBeUndefined();
    expect(webRequestOf(plain)).toBe(plain);
  });
});
