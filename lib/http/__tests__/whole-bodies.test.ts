import { describe, expect, it } from "vitest";
import { json } from "../responses";
import { takeBodyBytes } from "../node-request";
import { bodyTextOf, TextResponse, WholeBodyRequest } from "../whole-bodies";

// The server's bodies without streams: whoever reads them as web bodies still gets what a plain
// Request or Response would give, and the fast paths give the text or bytes only while unread.

const bytesOf = (text: string) => Buffer.from(text) as Buffer<ArrayBuffer>;

describe("WholeBodyRequest", () => {
  const request = () => new WholeBodyRequest("http://localhost/api/v1/x", { method: "POST", headers: { "content-type": "application/json" } }, bytesOf('{"a":1}'));

  it("reads like a Request with that body: json(), text(), the stream, clone()", async () => {
    expect(await request().json()).toEqual({ a: 1 });
    expect(await request().text()).toBe('{"a":1}');
    expect(await new Response(request().body).text()).toBe('{"a":1}');
    const original = request();
    expect(await original.clone().text()).toBe('{"a":1}');
    expect(await original.text()).toBe('{"a":1}');
    expect(original.headers.get("content-type")).toBe("application/json");
    expect(original.method).toBe("POST");
  });

  it("hands its bytes over once, then counts as read", async () => {
    const original = request();
    expect(original.bodyUsed).toBe(false);
    expect(takeBodyBytes(original)?.toString()).toBe('{"a":1}');
    expect(original.bodyUsed).toBe(true);
    expect(takeBodyBytes(original)).toBeUndefined();
  });

  it("keeps its bytes for the stream once someone has read the stream", async () => {
    const original = request();
    expect(await original.text()).toBe('{"a":1}');
    expect(original.bodyUsed).toBe(true);
    expect(takeBodyBytes(original)).toBeUndefined();
  });

  it("gives a plain Request no bytes", () => {
    expect(takeBodyBytes(new Request("http://localhost/", { method: "POST", body: "x" }))).toBeUndefined();
  });
});

describe("TextResponse (json())", () => {
  it("reads like a Response with that text, with its status and headers", async () => {
    const response = json({ total: "69.00" }, 201, { "X-Extra": "1" });
    expect(response).toBeInstanceOf(TextResponse);
    expect(response.status).toBe(201);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("x-extra")).toBe("1");
    expect(await response.clone().json()).toEqual({ total: "69.00" });
    expect(await new Response(response.body).text()).toBe('{"total":"69.00"}');
  });

  it("gives its text to the writer only while unread", async () => {
    const response = json({ ok: true });
    expect(bodyTextOf(response)).toBe('{"ok":true}');
    expect(response.bodyUsed).toBe(false);
    expect(await response.text()).toBe('{"ok":true}');
    expect(response.bodyUsed).toBe(true);
    expect(bodyTextOf(response)).toBeUndefined();
    expect(bodyTextOf(new Response("plain"))).toBeUndefined();
  });
});
