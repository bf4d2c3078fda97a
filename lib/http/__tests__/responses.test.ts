import { describe, expect, it } from "vitest";
import { attachment, completeBodyOf, json, noContent } from "../responses";

// The answers of responses.ts are plain web Responses; the production server (node-handler.ts) writes
// the ones made from a whole body as they are.

describe("json()", () => {
  it("reads like a Response with that text, with its status and headers", async () => {
    const response = json({ total: "69.00" }, 201, { "X-Extra": "1" });
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(201);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("x-extra")).toBe("1");
    expect(await response.clone().json()).toEqual({ total: "69.00" });
    expect(await new Response(response.body).text()).toBe('{"total":"69.00"}');
  });

  it("is read once, as a Response is, and a header set after it was made is in the copy read", async () => {
    const response = json({ ok: true });
    response.headers.set("X-Request-Id", "abc");
    expect(response.bodyUsed).toBe(false);
    const copy = response.clone();
    expect(await response.text()).toBe('{"ok":true}');
    expect(response.bodyUsed).toBe(true);
    await expect(response.json()).rejects.toThrow(TypeError);
    expect(() => response.clone()).toThrow(TypeError);
    expect(copy.headers.get("x-request-id")).toBe("abc");
    expect(await copy.json()).toEqual({ ok: true });
  });

  it("keeps its whole body for the server to write, unlike a Response a handler makes from a stream", () => {
    expect(completeBodyOf(json({ ok: true }))).toBe('{"ok":true}');
    expect(completeBodyOf(noContent())).toBeNull();
    expect(completeBodyOf(new Response(new ReadableStream()))).toBeUndefined();
  });
});

describe("noContent() and attachment()", () => {
  it("read as the empty answer and the file's bytes", async () => {
    const empty = noContent();
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
    const file = attachment(new Uint8Array([37, 80, 68, 70]), "application/pdf", "POL-2026-000001.pdf");
    expect(file.headers.get("content-disposition")).toBe('attachment; filename="POL-2026-000001.pdf"');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array([37, 80, 68, 70]));
    expect(completeBodyOf(file)).toEqual(new Uint8Array([37, 80, 68, 70]));
  });
});
