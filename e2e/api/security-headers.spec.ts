import { expect, test, type APIResponse } from "@playwright/test";
import { ADMIN, unique } from "../fixtures/data";

// The built server as production runs it (npm start: server.ts in front of Next.js): the security
// headers on every kind of response, the browser cookies after a sign-in, and the CSRF check of
// cookie-authenticated writes.

function expectHardened(response: APIResponse, what: string) {
  const headers = response.headers();
  expect(headers["content-security-policy"], what).toMatch(/(^|; )frame-ancestors 'none'(;|$)/);
  expect(headers["strict-transport-security"], what).toBe("max-age=63072000; includeSubDomains");
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(headers["x-powered-by"], what).toBeUndefined();
}

test("a page, an API answer, a static file and both 404s carry the security headers", async ({ request }) => {
  const page = await request.get("/sign-in");
  expect(page.status()).toBe(200);
  expectHardened(page, "page");
  expect(page.headers()["content-security-policy"]).toContain("default-src 'self'");

  const health = await request.get("/api/v1/health");
  expect(health.status()).toBe(200);
  expectHardened(health, "api");
  expect(health.headers()["content-security-policy"]).toContain("default-src 'none'");

  const script = (await page.text()).match(/\/_next\/static\/[^"'\s]+\.js/)?.[0];
  expect(script, "the page loads a script from /_next/static").toBeTruthy();
  const asset = await request.get(script!);
  expect(asset.status()).toBe(200);
  expectHardened(asset, "static file");

  const missingPage = await request.get(`/${unique("no-such-page")}`);
  expect(missingPage.status()).toBe(404);
  expectHardened(missingPage, "404 page");

  const missingApi = await request.get("/api/v1/no-such-endpoint");
  expect(missingApi.status()).toBe(404);
  expectHardened(missingApi, "404 api");

  const nextAuth = await request.get("/api/auth/providers");
  expect(nextAuth.status()).toBe(200);
  expectHardened(nextAuth, "/api/auth");
});

test("signing in sets only HttpOnly, SameSite=Lax cookies (not Secure over plain http)", async ({ request }) => {
  const csrf = await request.get("/api/auth/csrf");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signIn = await request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email: ADMIN.email, password: ADMIN.password, callbackUrl: "/", json: "true" },
  });
  expect(signIn.status()).toBe(200);
  const cookies = [...csrf.headersArray(), ...signIn.headersArray()]
    .filter(({ name }) => name.toLowerCase() === "set-cookie")
    .map(({ value }) => value);
  expect(cookies.some((cookie) => cookie.startsWith("next-auth.session-token="))).toBe(true);
  for (const cookie of cookies) {
    const attributes = cookie
      .split(";")
      .slice(1)
      .map((part) => part.trim().toLowerCase());
    expect(attributes, cookie.split("=")[0]).toContain("httponly");
    expect(attributes, cookie.split("=")[0]).toContain("samesite=lax");
    // NEXTAUTH_URL is http://localhost here; with an https address every cookie is Secure too.
    expect(attributes, cookie.split("=")[0]).not.toContain("secure");
  }

  // With that cookie: a write from another origin is refused and changes nothing; from our own, served.
  const name = unique("Csrf company");
  const foreign = await request.post("/api/v1/organizations/companies", {
    data: { name },
    headers: { origin: "https://evil.example" },
  });
  expect(foreign.status()).toBe(403);
  expect(await foreign.json()).toEqual(expect.objectContaining({ detail: "cross-site request refused" }));
  const listed = await request.get("/api/v1/organizations/companies");
  expect(listed.status()).toBe(200);
  expect(JSON.stringify(await listed.json())).not.toContain(name);

  const own = new URL(signIn.url()).origin;
  const same = await request.post("/api/v1/organizations/companies", { data: { name }, headers: { origin: own } });
  expect(same.status()).toBe(201);
});

/** The script sources of a Content-Security-Policy. */
function scriptSources(policy: string | undefined): string[] {
  return (
    (policy ?? "")
      .split("; ")
      .find((directive) => directive.startsWith("script-src "))
      ?.split(" ")
      .slice(1) ?? []
  );
}

test("pages run only scripts carrying their request's nonce; nothing lists 'unsafe-inline' for scripts", async ({
  request,
}) => {
  const first = await request.get("/sign-in");
  const second = await request.get("/sign-in");
  expect(first.status()).toBe(200);
  const nonces = [first, second].map((page) => {
    const sources = scriptSources(page.headers()["content-security-policy"]);
    expect(sources).not.toContain("'unsafe-inline'");
    const nonce = sources.map((source) => /^'nonce-([A-Za-z0-9+/=]+)'$/.exec(source)?.[1]).find(Boolean);
    expect(nonce, "a nonce in script-src").toBeTruthy();
    return nonce!;
  });
  expect(nonces[0]).not.toBe(nonces[1]);
  // Every script of the page, inline or not, carries it.
  const scripts = [...(await first.text()).matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(script).toContain(`nonce="${nonces[0]}"`);

  // What has no page to render gets the policy without a nonce, still without 'unsafe-inline'.
  const asset = (await first.text()).match(/\/_next\/static\/[^"'\s]+\.js/)![0];
  for (const path of [asset, "/api/auth/providers"]) {
    const sources = scriptSources((await request.get(path)).headers()["content-security-policy"]);
    expect(sources, path).toEqual(["'self'", "https://js.stripe.com"]);
  }
  // The API keeps its own policy: the production server serves it without Next.js's proxy.
  const health = await request.get("/api/v1/health");
  expect(health.headers()["content-security-policy"]).toBe(
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  );
});

test("/api/inngest serves nothing while Inngest is not configured: 404 to every method", async ({ request }) => {
  for (const method of ["GET", "POST", "PUT"] as const) {
    const response = await request.fetch("/api/inngest?fnId=sweep-limits", {
      method,
      data: method === "GET" ? undefined : {},
    });
    expect(response.status(), method).toBe(404);
    expect(await response.json()).toEqual({ detail: "not found", code: "not_found" });
  }
});
