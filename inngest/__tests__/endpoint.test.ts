import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import * as route from "@/app/api/inngest/route";
import { inngestServeMode } from "@/inngest/client";
import { hasValidSignature, MAX_SIGNED_BODY_BYTES, signInngestCall } from "@/inngest/endpoint";

// Trust section 6: in production /api/inngest answers 401 to every call without a valid signature when
// Inngest is configured (INNGEST_SIGNING_KEY), 404 when it is not, and logs nothing for either.

const KEY = "signkey-prod-4f1d0c8a6b2e9d7c5a3f1e0b8d6c4a2f0e9d7b5c3a1f0e8d6b4c2a0f9e7d5c3b";
const OTHER_KEY = "signkey-prod-0000000000000000000000000000000000000000000000000000000000000000";
const URL_OF = "http://localhost:3000/api/inngest";

type Method = "GET" | "POST" | "PUT" | "OPTIONS";
const handlers: Record<Method, (req: Request, context: unknown) => Promise<Response>> = route;

function call(
  method: Method,
  { body, signature, path = "" }: { body?: string; signature?: string; path?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (signature !== undefined) headers["x-inngest-signature"] = signature;
  return handlers[method](new Request(`${URL_OF}${path}`, { method, headers, body }), { params: Promise.resolve({}) });
}

let logs: MockInstance[] = [];

beforeEach(() => {
  logs = (["log", "info", "warn", "error", "debug"] as const).map((level) => vi.spyOn(console, level));
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

function expectNothingLogged() {
  for (const spy of logs) expect(spy).not.toHaveBeenCalled();
}

describe("/api/inngest in production", () => {
  it("answers 404 to every call, quietly, when Inngest is not configured", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("INNGEST_SIGNING_KEY", "");
    vi.stubEnv("INNGEST_EVENT_KEY", "");
    vi.stubEnv("INNGEST_DEV", "1");
    expect(inngestServeMode()).toBe("off");
    for (const method of ["GET", "POST", "PUT", "OPTIONS"] as const) {
      const res = await call(method, {
        body: method === "POST" || method === "PUT" ? "{}" : undefined,
        signature: signInngestCall("", KEY),
      });
      expect(res.status, method).toBe(404);
      expect(await res.json()).toEqual({ detail: "not found", code: "not_found" });
    }
    expectNothingLogged();
  });

  it("answers 401 to every call without a valid signature when a signing key is set, quietly", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("INNGEST_SIGNING_KEY", KEY);
    vi.stubEnv("INNGEST_EVENT_KEY", "test-event-key");
    expect(inngestServeMode()).toBe("signed");
    const body = JSON.stringify({ event: { name: "x", data: {} }, steps: {}, ctx: { run_id: "r", attempt: 0 } });
    const old = Math.floor(Date.now() / 1000) - 6 * 60;
    const cases: Array<{ method: Method; body?: string; signature?: string; why: string }> = [
      { method: "GET", why: "no signature" },
      { method: "PUT", why: "no signature (an out-of-band sync)" },
      { method: "PUT", body: "{}", why: "no signature, with a body" },
      { method: "POST", body, why: "no signature" },
      { method: "OPTIONS", why: "no signature" },
      { method: "POST", body, signature: "t=1&s=nothex", why: "garbage" },
      { method: "POST", body, signature: signInngestCall(body, OTHER_KEY), why: "another key" },
      { method: "POST", body, signature: signInngestCall(body, KEY, old), why: "too old" },
      { method: "POST", body: body.replace('"x"', '"y"'), signature: signInngestCall(body, KEY), why: "another body" },
      { method: "GET", signature: signInngestCall("{}", KEY), why: "signed for another body" },
    ];
    for (const { method, body: sent, signature, why } of cases) {
      const res = await call(method, { body: sent, signature, path: "?fnId=funeral-cover-sweep-limits&stepId=step" });
      expect(res.status, `${method}: ${why}`).toBe(401);
      expect(await res.json()).toEqual({ detail: "a valid Inngest signature is required", code: "unauthorized" });
    }
    expectNothingLogged();
  });

  it("refuses a body too large to check, unread", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("INNGEST_SIGNING_KEY", KEY);
    const big = `"${"a".repeat(MAX_SIGNED_BODY_BYTES)}"`;
    const res = await call("POST", { body: big, signature: signInngestCall(big, KEY) });
    expect(res.status).toBe(401);
  });

  it("hands a signed call to the SDK", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("INNGEST_SIGNING_KEY", KEY);
    vi.stubEnv("INNGEST_EVENT_KEY", "test-event-key");
    const res = await call("GET", { signature: signInngestCall("", KEY) });
    expect(res.status).toBe(200);
    const introspection = await res.json();
    expect(introspection).toMatchObject({ function_count: expect.any(Number), mode: "cloud" });
    expect(res.headers.get("x-inngest-signature")).toMatch(/^t=\d+&s=[0-9a-f]{64}$/);
  });
});

describe("the Inngest signature", () => {
  it("is checked as the SDK signs: canonical JSON, then the timestamp, keyed without the key's prefix", () => {
    const now = Date.now();
    const t = Math.floor(now / 1000);
    const body = '{"b":1,"a":[1,{"d":2,"c":3}]}';
    const signature = signInngestCall(body, KEY, t);
    expect(hasValidSignature(signature, body, [KEY], now)).toBe(true);
    // The same JSON written another way is the same canonical text.
    expect(hasValidSignature(signature, '{ "a": [1, {"c":3,"d":2}], "b": 1 }', [KEY], now)).toBe(true);
    expect(hasValidSignature(signature, body, [OTHER_KEY, KEY], now)).toBe(true);
    expect(hasValidSignature(signature, body, [OTHER_KEY], now)).toBe(false);
    expect(hasValidSignature(signature, body, [], now)).toBe(false);
    expect(hasValidSignature(signature, body, [KEY], now + 5 * 60 * 1000 + 1000)).toBe(false);
    expect(hasValidSignature(signature, "not json", [KEY], now)).toBe(false);
    expect(hasValidSignature(null, body, [KEY], now)).toBe(false);
  });
});

describe("/api/inngest in development", () => {
  it("serves a local Inngest dev server (INNGEST_DEV), which signs nothing", async () => {
    vi.stubEnv("NODE_ENV", "development");
    vi.stubEnv("INNGEST_SIGNING_KEY", "");
    vi.stubEnv("INNGEST_DEV", "1");
    expect(inngestServeMode()).toBe("dev");
    const res = await call("GET");
    expect(res.status).toBe(200);
  });

  it("serves nothing without it: the functions run in-process", async () => {
    vi.stubEnv("NODE_ENV", "development");
    vi.stubEnv("INNGEST_SIGNING_KEY", "");
    vi.stubEnv("INNGEST_DEV", "");
    expect((await call("GET")).status).toBe(404);
  });
});
