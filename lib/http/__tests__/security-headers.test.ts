import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { getPathMatch } from "next/dist/shared/lib/router/utils/path-match";
import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { API_CSP, API_HEADERS, HSTS, PAGE_CSP, PAGE_HEADERS, pageCsp } from "@/lib/http/security-headers";
import nextConfig from "@/next.config";
import { config as proxyConfig, proxy } from "@/proxy";

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
    for (const path of [
      "/",
      "/sign-in",
      "/policies/123",
      "/_next/static/chunks/main.js",
      "/favicon.ico",
      "/no-such-page",
      "/api/auth/session",
      "/api/inngest",
    ]) {
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

/** The script-src directive of a policy, as its list of sources. */
const scriptSources = (policy: string) =>
  policy
    .split("; ")
    .find((directive) => directive.startsWith("script-src "))!
    .split(" ")
    .slice(1);

describe("the page CSP's scripts (trust section 6)", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("never lists 'unsafe-inline' for scripts, with or without a nonce", () => {
    expect(scriptSources(PAGE_CSP)).toEqual(["'self'", "https://js.stripe.com"]);
    expect(scriptSources(pageCsp("bm9uY2U="))).toEqual(["'self'", "'nonce-bm9uY2U='", "https://js.stripe.com"]);
    vi.stubEnv("NODE_ENV", "development");
    // React's development build needs eval; still nothing inline without the nonce.
    expect(scriptSources(pageCsp("bm9uY2U="))).toEqual([
      "'self'",
      "'nonce-bm9uY2U='",
      "'unsafe-eval'",
      "https://js.stripe.com",
    ]);
    for (const policy of [PAGE_CSP, pageCsp("bm9uY2U="), API_CSP])
      expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  it("has proxy.ts give each page request a nonce of its own, in the answer's policy and the one Next.js renders with", () => {
    const answer = (path: string) => proxy(new NextRequest(`http://localhost:3000${path}`));
    const first = answer("/dashboard");
    const second = answer("/dashboard");
    const policy = first.headers.get("content-security-policy")!;
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];
    expect(nonce).toBeDefined();
    expect(Buffer.from(nonce!, "base64")).toHaveLength(16);
    expect(policy).toBe(pageCsp(nonce));
    expect(second.headers.get("content-security-policy")).not.toBe(policy);
    // The request Next.js renders carries the same policy, from which it takes the nonce for its scripts.
    expect(first.headers.get("x-middleware-override-headers")).toContain("content-security-policy");
    expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(policy);
  });

  it("runs proxy.ts on pages, never on the API, /api/auth, /api/inngest or static files", () => {
    const runsOn = (url: string) => unstable_doesMiddlewareMatch({ config: proxyConfig, url, nextConfig });
    for (const url of [
      "/",
      "/sign-in",
      "/sign-in?callbackUrl=%2Fgeography",
      "/dashboard",
      "/policies/123",
      "/docs",
      "/verify/abc",
      "/no-such-page",
    ]) {
      expect(runsOn(url), url).toBe(true);
    }
    for (const url of [
      "/api/v1/health",
      "/api/v1/auth/login",
      "/api/auth/session",
      "/api/inngest",
      "/_next/static/chunks/main.js",
      "/_next/image?url=x",
      "/favicon.ico",
    ]) {
      expect(runsOn(url), url).toBe(false);
    }
  });
});
