import NextAuth from "next-auth";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { authOptions, usesSecureCookies } from "@/lib/auth/next-auth";
import { createTestUser } from "@/test/fixtures";

// Every cookie the service sets is next-auth's (the API itself sets none): the session token, the CSRF
// token of its forms and the callback URL. Driven here through next-auth's own handler with the options
// the app uses, reading the Set-Cookie headers it writes.

type Cookie = { name: string; value: string; attributes: string[] };

let user: Awaited<ReturnType<typeof createTestUser>>;

beforeAll(async () => {
  user = await createTestUser({ roles: ["ADMIN"] });
});

afterEach(() => {
  vi.unstubAllEnvs();
});

function parseSetCookie(header: string): Cookie {
  const [pair, ...attributes] = header.split(";").map((part) => part.trim());
  const at = pair.indexOf("=");
  return {
    name: pair.slice(0, at),
    value: decodeURIComponent(pair.slice(at + 1)),
    attributes: attributes.map((a) => a.toLowerCase()),
  };
}

/** One call of next-auth's handler (its node form): the status, Location, body and cookies it answers with. */
async function authCall(
  base: string,
  method: "GET" | "POST",
  action: string[],
  init: { body?: Record<string, string>; cookies?: Cookie[] } = {},
) {
  const headers: Record<string, string> = { host: new URL(base).host, "x-forwarded-for": "203.0.113.20" };
  const written = new Map<string, unknown>();
  let body: unknown;
  const res = {
    statusCode: 200,
    status(code: number) {
      this.statusCode = code;
      return this;
    },
    setHeader(name: string, value: unknown) {
      written.set(name.toLowerCase(), value);
      return this;
    },
    getHeader: (name: string) => written.get(name.toLowerCase()),
    end() {},
    json(value: unknown) {
      body = value;
    },
    send(value: unknown) {
      body = value;
    },
  };
  const req = {
    method,
    headers,
    query: { nextauth: action },
    body: init.body ?? {},
    cookies: Object.fromEntries((init.cookies ?? []).map((cookie) => [cookie.name, cookie.value])),
  };
  await NextAuth(req as never, res as never, authOptions());
  const setCookie = written.get("set-cookie");
  const cookies = (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []).map(String).map(parseSetCookie);
  return { status: res.statusCode, location: written.get("location") as string | undefined, body, cookies };
}

/** Signs in through the credentials form: CSRF cookie and token first, as the sign-in page does. */
async function signIn(base: string, password: string) {
  const csrf = await authCall(base, "GET", ["csrf"]);
  const csrfToken = (csrf.body as { csrfToken: string }).csrfToken;
  const callback = await authCall(base, "POST", ["callback", "credentials"], {
    body: { csrfToken, email: user.email, password, callbackUrl: `${base}/` },
    cookies: csrf.cookies,
  });
  return { csrf, callback, all: [...csrf.cookies, ...callback.cookies] };
}

function expectLocked(cookies: Cookie[], secure: boolean) {
  expect(cookies.length).toBeGreaterThan(0);
  for (const cookie of cookies) {
    expect(cookie.attributes, cookie.name).toContain("httponly");
    expect(cookie.attributes, cookie.name).toContain("samesite=lax");
    expect(cookie.attributes, cookie.name).toContain("path=/");
    expect(cookie.attributes.includes("secure"), cookie.name).toBe(secure);
  }
}

describe("browser cookies", () => {
  it("over http (development): HttpOnly and SameSite=Lax, not Secure, so a browser keeps them over http", async () => {
    vi.stubEnv("NEXTAUTH_URL", "http://localhost:3000");
    const { callback, all } = await signIn("http://localhost:3000", user.password);
    expect(callback.status).toBe(302);
    expect(callback.location).toBe("http://localhost:3000/");
    const names = all.map((cookie) => cookie.name);
    expect(names).toEqual(
      expect.arrayContaining(["next-auth.csrf-token", "next-auth.callback-url", "next-auth.session-token"]),
    );
    expectLocked(all, false);
  });

  it("over https: every cookie is also Secure and carries the __Secure-/__Host- prefix", async () => {
    vi.stubEnv("NEXTAUTH_URL", "https://admin.cover.example");
    const { callback, all } = await signIn("https://admin.cover.example", user.password);
    expect(callback.status).toBe(302);
    expect(callback.location).toBe("https://admin.cover.example/");
    const names = all.map((cookie) => cookie.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "__Host-next-auth.csrf-token",
        "__Secure-next-auth.callback-url",
        "__Secure-next-auth.session-token",
      ]),
    );
    expectLocked(all, true);
  });

  it("sets no session cookie for a wrong password", async () => {
    vi.stubEnv("NEXTAUTH_URL", "http://localhost:3000");
    const { callback } = await signIn("http://localhost:3000", "not-the-password");
    expect(callback.cookies.some((cookie) => cookie.name.endsWith("session-token"))).toBe(false);
    expect(callback.location).toContain("error=");
  });

  it("is Secure in production when no public address is configured, and follows the address otherwise", () => {
    expect(usesSecureCookies({ NODE_ENV: "production" })).toBe(true);
    expect(usesSecureCookies({ NODE_ENV: "development" })).toBe(false);
    expect(usesSecureCookies({ NODE_ENV: "production", NEXTAUTH_URL: "http://localhost:3210" })).toBe(false);
    expect(usesSecureCookies({ NODE_ENV: "development", NEXTAUTH_URL: "https://admin.cover.example" })).toBe(true);
    expect(usesSecureCookies({ NODE_ENV: "production", PUBLIC_BASE_URL: "https://cover.example" })).toBe(true);
  });
});
