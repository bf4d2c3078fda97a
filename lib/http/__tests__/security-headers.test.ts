import { getPathMatch } from "next/dist/shared/lib/router/utils/path-match";
import { describe, expect, it } from "vitest";
import { API_CSP, API_HEADERS, HSTS, PAGE_CSP, PAGE_HEADERS } from "@/lib/http/security-headers";
import nextConfig from "@/next.config";

type Header = { key: string; value: string };

/** The headers Next.js puts on a response for `path`, as it applies next.config.ts: in order, the later rule winning. */
async function nextHeadersFor(path: string): Promise<Record<string, string>> {
  const rules = (await nextConfig.headers?.()) ?? [];
  const result: Record<string, string> = {};
  for (const rule of rules) {
    if (getPathMatch(rule.source)(path)) for (const { key, value } of rule.headers) result[key.toLowerCase()] = value;
  }
  return result;
}

function asRecord(headers: ReadonlyArray<Header>): Record<string, string> {
  return Object.fromEntries(headers.map(({ key, value }) => [key.toLowerCase(), value]));
}

/** What every response must carry, whoever serves it. */
function expectHardened(headers: Record<string, string>, where: string): void {
  expect(headers["strict-transport-security"], where).toBe("max-age=63072000; includeSubDomains");
  expect(headers["x-content-type-options"], where).toBe("nosniff");
  expect(headers["x-frame-options"], where).toBe("DENY");
  expect(headers["referrer-policy"], where).toBe("strict-origin-when-cross-origin");
  expect(headers["content-security-policy"], where).toMatch(/(^|; )frame-ancestors 'none'(;|$)/);
  expect(headers["x-powered-by"], where).toBeUndefined();
}

describe("security headers", () => {
  it("puts HSTS, nosniff, a referrer policy and a frame-refusing CSP in both sets", () => {
    expect(HSTS).toBe("max-age=63072000; includeSubDomains");
    expectHardened(asRecord(PAGE_HEADERS), "pages");
    expectHardened(asRecord(API_HEADERS), "api");
  });

  it("lets pages load only their own code and Stripe.js, and the API nothing at all", () => {
    const page = Object.fromEntries(PAGE_CSP.split("; ").map((directive) => [directive.split(" ")[0], directive]));
    expect(page["default-src"]).toBe("default-src 'self'");
    expect(page["script-src"]).toContain("https://js.stripe.com");
    expect(page["script-src"]).not.toContain("*");
    expect(page["object-src"]).toBe("object-src 'none'");
    expect(page["form-action"]).toBe("form-action 'self'");
    expect(API_CSP.split("; ")).toEqual(expect.arrayContaining(["default-src 'none'", "frame-ancestors 'none'"]));
  });

  it("has next.config.ts put them on pages, static files, 404s, /api/auth and /api/inngest", async () => {
    for (const path of ["/", "/sign-in", "/policies/123", "/_next/static/chunks/main.js", "/favicon.ico", "/no-such-page", "/api/auth/session", "/api/inngest"]) {
      const headers = await nextHeadersFor(path);
      expectHardened(headers, path);
      expect(headers["content-security-policy"], path).toBe(PAGE_CSP);
    }
  });

  it("has next.config.ts give /api/v1 the API policy, as the production server does", async () => {
    for (const path of ["/api/v1", "/api/v1/health", "/api/v1/policies/abc/certificate"]) {
      const headers = await nextHeadersFor(path);
      expectHardened(headers, path);
      expect(headers).toEqual(asRecord(API_HEADERS));
    }
  });

  it("turns off X-Powered-By in Next.js", () => {
    expect(nextConfig.poweredByHeader).toBe(false);
  });
});
