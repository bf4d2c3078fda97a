import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { companies } from "@/db/schema";
import { revokeSessions } from "@/lib/auth/sessions";
import { api } from "@/test/api";
import { signInAs, type SignedIn } from "@/test/fixtures";

// The back office calls the API with its next-auth session cookie. A state change through a cookie must
// come from our own pages (CSRF); bearer tokens and API keys are not browsers and are not affected.

const COMPANIES = "/api/v1/organizations/companies";
let admin: SignedIn;
let cookie: string;

/** The cookie next-auth sets after sign-in: a JWT (encrypted with AUTH_SECRET) carrying the user and session ids. */
async function sessionCookie(userId: string, sessionId: string, secret = process.env.AUTH_SECRET!) {
  const token = await encode({ token: { sub: userId, sid: sessionId }, secret });
  return `next-auth.session-token=${token}`;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

beforeAll(async () => {
  admin = await signInAs("ADMIN");
  cookie = await sessionCookie(admin.user.id, admin.sessionId);
});

async function postWithCookie(headers: Record<string, string>, cookieHeader = cookie) {
  const name = `Cookie ${randomUUID().slice(0, 8)}`;
  const response = await api("POST", COMPANIES, { body: { name }, headers: { cookie: cookieHeader, ...headers } });
  const rows = await (await getDb()).select().from(companies).where(eq(companies.name, name));
  return { response, created: rows.length };
}

describe("session cookie", () => {
  it("authenticates a GET", async () => {
    const response = await api("GET", "/api/v1/auth/me", { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.body.id).toBe(admin.user.id);
  });

  it("refuses a POST without same-origin headers with 403, and changes nothing", async () => {
    const { response, created } = await postWithCookie({});
    expect(response.status).toBe(403);
    expect(response.body.detail).toBe("cross-site request refused");
    expect(created).toBe(0);
  });

  it("refuses a POST from another site with 403", async () => {
    const crossSite: Array<Record<string, string>> = [
      { origin: "https://evil.example", host: "localhost:3000" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site", origin: "https://other.localhost:3000", host: "localhost:3000" },
    ];
    for (const headers of crossSite) {
      const { response, created } = await postWithCookie(headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(created).toBe(0);
    }
  });

  it("accepts a POST from our own pages", async () => {
    const sameOrigin: Array<Record<string, string>> = [
      { "sec-fetch-site": "same-origin" },
      { origin: "http://localhost:3000", host: "localhost:3000" },
    ];
    for (const headers of sameOrigin) {
      const { response, created } = await postWithCookie(headers);
      expect(response.status, JSON.stringify(headers)).toBe(201);
      expect(created).toBe(1);
    }
  });

  it("refuses Origin: null, another scheme or port, and a cross-site Sec-Fetch-Site with a forged Origin", async () => {
    const refused: Array<Record<string, string>> = [
      // Sandboxed frames and some redirects send "null": refused, not a 500 from parsing it.
      { origin: "null", host: "localhost:3000" },
      { origin: "https://localhost:3000", host: "localhost:3000" },
      { origin: "http://localhost:3001", host: "localhost:3000" },
      { origin: "http://localhost:3000.evil.example", host: "localhost:3000" },
      { origin: "not a url", host: "localhost:3000" },
      // The browser's own word wins over an Origin that happens to match.
      { "sec-fetch-site": "cross-site", origin: "http://localhost:3000", host: "localhost:3000" },
      { "sec-fetch-site": "none", origin: "http://localhost:3000", host: "localhost:3000" },
    ];
    for (const headers of refused) {
      const { response, created } = await postWithCookie(headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.body.detail).toBe("cross-site request refused");
      expect(created).toBe(0);
    }
  });

  it("refuses a cross-site HTML form post (form-encoded, no JSON) before reading its body", async () => {
    const name = `Form ${randomUUID().slice(0, 8)}`;
    const response = await api("POST", COMPANIES, {
      rawBody: new URLSearchParams({ name }).toString(),
      headers: {
        cookie,
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://evil.example",
        "sec-fetch-site": "cross-site",
      },
    });
    expect(response.status).toBe(403);
    expect(response.body.detail).toBe("cross-site request refused");
    expect(await (await getDb()).select().from(companies).where(eq(companies.name, name))).toHaveLength(0);
  });

  it("accepts the public address behind a proxy: PUBLIC_BASE_URL, NEXTAUTH_URL, or the forwarded host and scheme", async () => {
    vi.stubEnv("PUBLIC_BASE_URL", "https://cover.example/");
    vi.stubEnv("NEXTAUTH_URL", "https://admin.cover.example");
    const accepted: Array<Record<string, string>> = [
      { origin: "https://cover.example", host: "10.0.0.5:3000" },
      { origin: "https://admin.cover.example", host: "10.0.0.5:3000" },
      {
        origin: "https://proxied.example",
        host: "10.0.0.5:3000",
        "x-forwarded-host": "proxied.example",
        "x-forwarded-proto": "https",
      },
    ];
    for (const headers of accepted) {
      const { response, created } = await postWithCookie(headers);
      expect(response.status, JSON.stringify(headers)).toBe(201);
      expect(created).toBe(1);
    }
    // http to the same public host is another origin.
    const { response } = await postWithCookie({ origin: "http://cover.example", host: "10.0.0.5:3000" });
    expect(response.status).toBe(403);
  });

  it("does not ask an API-key caller for same-origin headers, even with a foreign Origin", async () => {
    const created = await api("POST", "/api/v1/auth/api-keys", {
      token: admin.token,
      body: { name: "csrf test", permissions: ["plans:write"] },
    });
    expect(created.status).toBe(201);
    const response = await api("POST", "/api/v1/products", {
      apiKey: created.body.key,
      body: { name: `Product ${randomUUID()}` },
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(201);
  });

  it("does not ask a bearer-token caller for same-origin headers", async () => {
    const response = await api("POST", COMPANIES, {
      token: admin.token,
      body: { name: `Bearer ${randomUUID().slice(0, 8)}` },
    });
    expect(response.status).toBe(201);
  });

  it("answers 401 to a cookie signed with another secret or naming no session", async () => {
    const forged = await sessionCookie(admin.user.id, admin.sessionId, "another-secret-of-at-least-thirty-two-chars");
    expect((await api("GET", "/api/v1/auth/me", { headers: { cookie: forged } })).status).toBe(401);
    const noSession = `next-auth.session-token=${await encode({ token: { sub: admin.user.id }, secret: process.env.AUTH_SECRET! })}`;
    expect((await api("GET", "/api/v1/auth/me", { headers: { cookie: noSession } })).status).toBe(401);
    const garbage = "next-auth.session-token=not-a-jwt";
    expect((await api("GET", "/api/v1/auth/me", { headers: { cookie: garbage } })).status).toBe(401);
  });

  it("stops working as soon as its session is revoked", async () => {
    const other = await signInAs("ADMIN");
    const otherCookie = await sessionCookie(other.user.id, other.sessionId);
    expect((await api("GET", "/api/v1/auth/me", { headers: { cookie: otherCookie } })).status).toBe(200);
    await revokeSessions(await getDb(), { sessionId: other.sessionId }, "test");
    const response = await api("GET", "/api/v1/auth/me", { headers: { cookie: otherCookie } });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });
});
