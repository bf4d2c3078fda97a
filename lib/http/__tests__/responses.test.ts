import { describe, expect, it } from "vitest";
import { completeBodyOf, json, noContent } from "../responses";

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

  it("keeps its whole body for the server to write, unlike a Response a handler makes from a stream", () => {
    expect(completeBodyOf(json({ ok: true }))).toBe('{"ok":true}');
    expect(completeBodyOf(noContent())).toBeNull();
    expect(completeBodyOf(new Response(new ReadableStream()))).toBeUndefined();
  });
});
