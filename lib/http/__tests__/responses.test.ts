import { describe, expect, it } from "vitest";
import { hasCompleteBody, json, noContent } from "../responses";

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

  it("is known to have a whole body, unlike a Response a handler makes from a stream", () => {
    expect(hasCompleteBody(json({ ok: true }))).toBe(true);
    expect(hasCompleteBody(noContent())).toBe(true);
    expect(hasCompleteBody(new Response(new ReadableStream()))).toBe(false);
  });
});
