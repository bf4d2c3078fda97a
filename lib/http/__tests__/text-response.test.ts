import { describe, expect, it } from "vitest";
import { json } from "../responses";
import { bodyTextOf, TextResponse } from "../text-response";

// A JSON answer without a stream: whoever reads it as a web body still gets what a plain Response would
// give, and the server's writer gets the text only while it is unread.

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
