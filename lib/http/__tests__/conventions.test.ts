import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as createCompanyRoute } from "@/app/api/v1/organizations/companies/route";
import { getDb } from "@/db";
import { companies } from "@/db/schema";
import { MAX_JSON_BYTES } from "@/lib/http/with-api";
import { api, listRoutes } from "@/test/api";
import { signInAs, type SignedIn } from "@/test/fixtures";
import nextConfig from "@/next.config";

// The rules of contract section 1 that every endpoint shares, shown on real routes.

const COMPANIES = "/api/v1/organizations/companies";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let admin: SignedIn;

beforeAll(async () => {
  admin = await signInAs("ADMIN");
});

const uniqueName = () => `Conventions ${randomUUID().slice(0, 8)}`;

async function companyNamed(name: string) {
  return (await getDb()).select().from(companies).where(eq(companies.name, name));
}

/** A body that never ends, and a count of the chunks read from it. */
function endlessBody(chunkBytes = 64 * 1024) {
  const counter = { pulls: 0 };
  const chunk = new TextEncoder().encode(`{"name":"${"x".repeat(chunkBytes)}`);
  // highWaterMark 0: nothing is read until the handler asks.
  const stream = new ReadableStream<Uint8Array>(
    { pull: (controller) => void (counter.pulls++, controller.enqueue(chunk)) },
    { highWaterMark: 0 },
  );
  return { stream, counter };
}

function streamedRequest(body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
  return new Request(`http://localhost:3000${COMPANIES}`, {
    method: "POST",
    headers: { authorization: `Bearer ${admin.token}`, "content-type": "application/json", ...headers },
    body,
    duplex: "half",
  } as RequestInit);
}

describe("body size", () => {
  it("answers 413 to a JSON body above 1 MB that declares its Content-Length", async () => {
    const body = JSON.stringify({ name: uniqueName(), padding: "x".repeat(MAX_JSON_BYTES) });
    const response = await api("POST", COMPANIES, {
      token: admin.token,
      rawBody: body,
      headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) },
    });
    expect(response.status).toBe(413);
    expect(response.body.detail).toBe("the request body is larger than 1 MB");
  });

  it("refuses a declared Content-Length above 1 MB before reading the body", async () => {
    const { stream, counter } = endlessBody();
    const response = await createCompanyRoute(
      streamedRequest(stream, { "content-length": String(MAX_JSON_BYTES + 1) }),
    );
    expect(response.status).toBe(413);
    expect(counter.pulls).toBe(0);
  });

  it("answers 413 to a streamed body without Content-Length once it passes 1 MB, without reading it to the end", async () => {
    const { stream, counter } = endlessBody();
    const response = await createCompanyRoute(streamedRequest(stream));
    expect(response.status).toBe(413);
    expect((await response.json()).detail).toBe("the request body is larger than 1 MB");
    // 17 chunks of 64 KiB pass 1 MiB; the reader stops there (the stream itself would never end).
    expect(counter.pulls).toBeLessThanOrEqual(18);
  });

  it("accepts a body just under 1 MB", async () => {
    const name = uniqueName();
    const skeleton = JSON.stringify({ name, padding: "" });
    const body = JSON.stringify({ name, padding: "x".repeat(MAX_JSON_BYTES - Buffer.byteLength(skeleton)) });
    expect(Buffer.byteLength(body)).toBe(MAX_JSON_BYTES);
    const response = await api("POST", COMPANIES, {
      token: admin.token,
      rawBody: body,
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(201);
  });
});

describe("body format", () => {
  it.each([
    ['{"name": ', "application/json", "the request body is not valid JSON"],
    ["", "application/json", "the request body is empty; a JSON object is expected"],
    ['{"name":"Plain text"}', "text/plain", "the request body must be JSON (Content-Type: application/json)"],
    [
      "name=Form",
      "application/x-www-form-urlencoded",
      "the request body must be JSON (Content-Type: application/json)",
    ],
  ])("answers 422 to %j sent as %s", async (rawBody, contentType, detail) => {
    const response = await api("POST", COMPANIES, {
      token: admin.token,
      rawBody,
      headers: { "content-type": contentType },
    });
    expect(response.status).toBe(422);
    expect(response.body.detail).toBe(detail);
  });

  it("answers 422 to a JSON body without a content type", async () => {
    const name = uniqueName();
    const response = await api("POST", COMPANIES, {
      token: admin.token,
      rawBody: new TextEncoder().encode(JSON.stringify({ name })),
    });
    expect(response.status).toBe(422);
    expect(await companyNamed(name)).toHaveLength(0);
  });

  it("accepts a JSON media type with a charset or a +json suffix", async () => {
    for (const contentType of ["application/json; charset=utf-8", "application/vnd.api+json"]) {
      const response = await api("POST", COMPANIES, {
        token: admin.token,
        rawBody: JSON.stringify({ name: uniqueName() }),
        headers: { "content-type": contentType },
      });
      expect(response.status, contentType).toBe(201);
    }
  });

  it("answers 422 to JSON that is not an object", async () => {
    for (const rawBody of ["[]", '"a company"', "null", "42"]) {
      const response = await api("POST", COMPANIES, {
        token: admin.token,
        rawBody,
        headers: { "content-type": "application/json" },
      });
      expect(response.status, rawBody).toBe(422);
    }
  });
});

describe("validation", () => {
  it("answers 422 with {detail, code, errors:[{path, message, code}]} naming each bad field", async () => {
    const response = await api("POST", COMPANIES, {
      token: admin.token,
      body: { name: "", commission_rate: 150, country_code: "mx" },
    });
    expect(response.status).toBe(422);
    expect(typeof response.body.detail).toBe("string");
    expect(response.body.errors.map((error: { path: string }) => error.path).sort()).toEqual([
      "commission_rate",
      "country_code",
      "name",
    ]);
    expect(response.body.code).toBe("validation_error");
    for (const error of response.body.errors) expect(Object.keys(error).sort()).toEqual(["code", "message", "path"]);
    // Each item's stable code (localisation.md section 3), by field.
    expect(
      Object.fromEntries(response.body.errors.map((error: { path: string; code: string }) => [error.path, error.code])),
    ).toEqual({
      name: "required",
      commission_rate: "out_of_range",
      country_code: "invalid_format",
    });
    expect(response.body.errors.every((error: { message: string }) => error.message.length > 0)).toBe(true);
  });

  it("answers 422 to a NUL character in any body field or a query value", async () => {
    const name = `Nul\u0000Company ${randomUUID().slice(0, 6)}`;
    const inName = await api("POST", COMPANIES, { token: admin.token, body: { name } });
    expect(inName.status).toBe(422);
    expect(inName.body.errors).toEqual([
      { path: "name", message: "text must not contain NUL characters", code: "invalid_format" },
    ]);

    const inOtherField = await api("POST", COMPANIES, {
      token: admin.token,
      body: { name: uniqueName(), tax_id: "RFC\u0000123" },
    });
    expect(inOtherField.status).toBe(422);
    expect(inOtherField.body.errors).toEqual([
      { path: "tax_id", message: "text must not contain NUL characters", code: "invalid_format" },
    ]);

    const inQuery = await api("GET", `/api/v1/audit/?action=${encodeURIComponent("LOGIN\u0000")}`, {
      token: admin.token,
    });
    expect(inQuery.status).toBe(422);
  });

  it("answers 422, not 500, to a body nested thousands of levels deep, and takes 32 levels of metadata", async () => {
    const deep = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
    for (const text of [deep(5_000), `{"name": ${deep(5_000)}}`, `{"name": "x", "tax_id": {"a": ${deep(100_000)}}}`]) {
      const response = await api("POST", COMPANIES, {
        token: admin.token,
        rawBody: text,
        headers: { "content-type": "application/json" },
      });
      expect(response.status, text.slice(0, 40)).toBe(422);
      expect(response.body.detail).toMatch(/nested more than 32 levels deep/);
    }
    let metadata: unknown = "leaf";
    for (let level = 0; level < 31; level++) metadata = { level: metadata };
    const stored = await api("POST", "/api/v1/ai/knowledge", {
      token: admin.token,
      body: {
        title: "Deep metadata",
        content: "Repatriation is covered.",
        metadata_json: metadata,
        company_id: admin.user.company_id,
      },
    });
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
  });

  it("ignores unknown fields", async () => {
    const name = uniqueName();
    const response = await api("POST", COMPANIES, {
      token: admin.token,
      body: { name, is_default: true, id: randomUUID(), favourite_colour: "blue" },
    });
    expect(response.status).toBe(201);
    expect(response.body.is_default).toBe(false);
    expect(response.body).not.toHaveProperty("favourite_colour");
    expect(await companyNamed(name)).toHaveLength(1);
  });

  it("answers 422 to a malformed UUID in the path", async () => {
    const response = await api("GET", `${COMPANIES}/12345`, { token: admin.token });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([{ path: "id", message: "must be a UUID", code: "invalid_id" }]);
  });
});

describe("authentication", () => {
  it("answers 401 with WWW-Authenticate: Bearer to missing, malformed and unknown credentials", async () => {
    const cases: Array<[string, Parameters<typeof api>[2]]> = [
      ["none", {}],
      ["malformed scheme", { headers: { authorization: "Basic dXNlcjpwYXNz" } }],
      ["garbage token", { token: "not-a-jwt" }],
      ["unknown API key", { apiKey: "ck_unknown" }],
    ];
    for (const [label, options] of cases) {
      const response = await api("GET", COMPANIES, options);
      expect(response.status, label).toBe(401);
      expect(response.headers.get("www-authenticate"), label).toMatch(/^Bearer/);
      expect(typeof response.body.detail, label).toBe("string");
    }
  });
});

describe("X-Request-Id", () => {
  it("is on every response of every route, successful or not", async () => {
    const routes = await listRoutes();
    let calls = 0;
    for (const route of routes) {
      const path = route.path.replace(/\[[^\]]+\]/g, () => randomUUID());
      for (const method of route.methods) {
        const response = await api(method, path, method === "GET" || method === "DELETE" ? {} : { body: {} });
        expect(
          response.headers.get("x-request-id") ?? "(none)",
          `${method} ${route.path} (${response.status})`,
        ).toMatch(UUID);
        calls++;
      }
    }
    expect(calls).toBeGreaterThan(20);
  });

  it("echoes a well-formed X-Request-Id from the caller, on success and on error", async () => {
    const ok = await api("GET", "/api/v1/health", { headers: { "x-request-id": "trace-abc.123_XYZ" } });
    expect(ok.headers.get("x-request-id")).toBe("trace-abc.123_XYZ");
    const refused = await api("GET", COMPANIES, { headers: { "x-request-id": "trace-refused-1" } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("x-request-id")).toBe("trace-refused-1");
  });

  it("replaces a malformed one with its own", async () => {
    for (const given of ["has spaces in it", "x".repeat(101), "semi;colon", "<script>"]) {
      const response = await api("GET", "/api/v1/health", { headers: { "x-request-id": given } });
      expect(response.headers.get("x-request-id"), given).toMatch(UUID);
    }
  });
});

describe("GET /api/v1/health", () => {
  it("answers 200 {status:'ok', database:'ok'} without authentication", async () => {
    const response = await api("GET", "/api/v1/health");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "ok", database: "ok" });
  });

  it("ignores credentials it cannot use rather than refusing the probe", async () => {
    const response = await api("GET", "/api/v1/health", { token: "expired-or-garbage" });
    expect(response.status).toBe(200);
  });
});

describe("server configuration", () => {
  it("answers paths with and without a trailing slash without redirecting, and hides X-Powered-By", () => {
    expect(nextConfig.skipTrailingSlashRedirect).toBe(true);
    expect(nextConfig.poweredByHeader).toBe(false);
  });

  it("sends the security headers and a frame-refusing CSP on every response, the API's own CSP under /api/v1", async () => {
    const rules = await nextConfig.headers!();
    const everywhere = rules.find((rule) => rule.source === "/:path*");
    const headers = Object.fromEntries((everywhere?.headers ?? []).map((header) => [header.key, header.value]));
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["Referrer-Policy"]).toBeTruthy();
    expect(headers["Strict-Transport-Security"]).toBe("max-age=63072000; includeSubDomains");
    expect(headers["Content-Security-Policy"]).toContain("frame-ancestors 'none'");
    // The later rule wins for /api/v1 (served by Next.js under `npm run dev`).
    const api = rules.find((rule) => rule.source === "/api/v1/:path*");
    expect(rules.indexOf(api!)).toBeGreaterThan(rules.indexOf(everywhere!));
    expect(api?.headers.find((header) => header.key === "Content-Security-Policy")?.value).toMatch(
      /^default-src 'none';.*frame-ancestors 'none'/,
    );
  });

  it("answers the same route with and without the trailing slash", async () => {
    const [withSlash, without] = await Promise.all([
      api("GET", "/api/v1/audit/", { token: admin.token }),
      api("GET", "/api/v1/audit", { token: admin.token }),
    ]);
    expect([withSlash.status, without.status]).toEqual([200, 200]);
  });
});
