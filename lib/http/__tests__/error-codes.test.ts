import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import {
  BadRequestError,
  BusinessRuleError,
  ExternalServiceError,
  PaymentRequiredError,
  RateLimitedError,
  SpreadsheetError,
} from "@/lib/errors";
import { ERROR_CODES } from "@/lib/http/error-codes";
import { createApiListener, loadedRoute, type LoadedRoute } from "@/lib/http/node-handler";
import { defineOperation } from "@/lib/http/operation";
import { createRouteTable, type RouteModule } from "@/lib/http/route-table";
import { API_ROUTES } from "@/lib/http/routes.generated";
import { withApi } from "@/lib/http/with-api";
import { api } from "@/test/api";
import { signInAs, type SignedIn } from "@/test/fixtures";

// localisation.md section 3: every error body carries, beside its English `detail`, a stable snake_case
// `code`, and every item of its `errors` list one too. A sample of each status, through the production
// server's listener (node-handler.ts) for what happens outside the handlers (unknown path, method) and
// through the real routes or withApi for the rest.

const SNAKE = /^[a-z]+(_[a-z]+)*$/;

// Errors the real routes do not give on demand, thrown by a withApi route of the test's own.
const thrown: Record<string, () => Error> = {
  "400": () => new BadRequestError("the plan version is not active"),
  "402": () => new PaymentRequiredError("card payments are not configured"),
  "422-rule": () =>
    new BusinessRuleError("policy is not active", [{ path: "policy_id", message: "x", code: "policy_not_active" }]),
  "422-rows": () =>
    new SpreadsheetError("1 row has problems", [
      { row: 2, column: "first_name", message: "is required", code: "required" },
    ]),
  "429": () => new RateLimitedError("too many attempts", 30),
  "500": () => new Error("secret internals"),
  "502": () => new ExternalServiceError("the card processor did not answer"),
  "503": () => new ExternalServiceError("the model provider is not configured", 503),
};

const throwing = withApi(
  defineOperation({
    method: "POST",
    path: "/__test/throw",
    tag: "test",
    summary: "throws what it is told",
    access: "public",
    body: z.object({ kind: z.string() }),
    responses: { 200: { description: "never" } },
  }),
  async ({ body }) => {
    throw thrown[body.kind]();
  },
);

let server: http.Server;
let port: number;
let admin: SignedIn;

beforeAll(async () => {
  const real = await Promise.all(
    API_ROUTES.map(async ({ path, load }) => ({ path, value: loadedRoute(await load()) })),
  );
  const own: RouteModule = { POST: throwing };
  server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  const table = createRouteTable<LoadedRoute>([...real, { path: "/api/v1/__test/throw", value: loadedRoute(own) }]);
  server.on("request", createApiListener(table, { port }));
  admin = await signInAs("ADMIN");
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function call(method: string, path: string, options: { headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, method, path, headers: options.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

const jsonBody = (value: unknown) => ({ headers: { "content-type": "application/json" }, body: JSON.stringify(value) });

function expectCoded(answer: { status: number; body: Record<string, unknown> }, status: number, code: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(typeof answer.body.detail).toBe("string");
  expect(answer.body.code).toBe(code);
  expect(answer.body.code).toMatch(SNAKE);
  expect(ERROR_CODES.map(([name]) => name)).toContain(code);
  for (const item of (answer.body.errors as Array<{ code: unknown }> | undefined) ?? []) {
    expect(typeof item.code, JSON.stringify(item)).toBe("string");
    expect(item.code).toMatch(SNAKE);
  }
}

describe("every error body has a stable snake_case code beside detail", () => {
  it("400, 402, 422 (rule and rows), 429, 500, 502 and 503 from a handler", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const expected: Record<string, [number, string]> = {
      "400": [400, "bad_request"],
      "402": [402, "payment_required"],
      "422-rule": [422, "business_rule"],
      "422-rows": [422, "invalid_spreadsheet"],
      "429": [429, "rate_limited"],
      "500": [500, "internal"],
      "502": [502, "external_service"],
      "503": [503, "external_service"],
    };
    for (const [kind, [status, code]] of Object.entries(expected)) {
      const answer = await call("POST", "/api/v1/__test/throw", jsonBody({ kind }));
      expectCoded(answer, status, code);
    }
    const rows = await call("POST", "/api/v1/__test/throw", jsonBody({ kind: "422-rows" }));
    expect(rows.body.errors).toEqual([{ row: 2, column: "first_name", message: "is required", code: "required" }]);
  });

  it("404 for an unknown path and 405 for a method a route does not have", async () => {
    expectCoded(await call("GET", "/api/v1/no-such-thing"), 404, "not_found");
    expectCoded(await call("DELETE", "/api/v1/health"), 405, "method_not_allowed");
  });

  it("401, 403, 404 for a record, 409 and 422 from the real routes", async () => {
    expectCoded(await call("GET", "/api/v1/auth/me"), 401, "unauthorized");
    const seller = await signInAs("VENDEDOR");
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    expectCoded(await call("GET", "/api/v1/auth/roles", { headers: bearer(seller.token) }), 403, "forbidden");
    expectCoded(
      await call("GET", "/api/v1/emission/clients/00000000-0000-4000-8000-000000000000", {
        headers: bearer(admin.token),
      }),
      404,
      "not_found",
    );
    const zone = { name: `Zone ${Date.now()}` };
    const post = () =>
      call("POST", "/api/v1/geography/zones", {
        headers: { ...bearer(admin.token), "content-type": "application/json" },
        body: JSON.stringify(zone),
      });
    expect((await post()).status).toBe(201);
    expectCoded(await post(), 409, "conflict");
    const invalid = await call("POST", "/api/v1/emission/clients", {
      headers: { ...bearer(admin.token), "content-type": "application/json" },
      body: JSON.stringify({ email: "nope" }),
    });
    expectCoded(invalid, 422, "validation_error");
    expect((invalid.body.errors as unknown[]).length).toBeGreaterThan(1);
  });

  it("413 for a body over 1 MB, and 422 for a body that is not JSON", async () => {
    const huge = JSON.stringify({ email: "a@example.com", password: "x".repeat(1024 * 1024 + 10) });
    expectCoded(
      await call("POST", "/api/v1/auth/login", { headers: { "content-type": "application/json" }, body: huge }),
      413,
      "payload_too_large",
    );
    expectCoded(
      await call("POST", "/api/v1/auth/login", { headers: { "content-type": "application/json" }, body: "{not json" }),
      422,
      "validation_error",
    );
  });

  it("gives a rule's own code where the contract names one (weak_password, invalid_token)", async () => {
    const weak = await api("POST", "/api/v1/auth/register", {
      body: { email: `weak.${Date.now()}@example.com`, password: "password" },
      headers: { "x-forwarded-for": "203.0.113.77" },
    });
    expectCoded(weak, 422, "weak_password");
    expect(weak.body.errors).toEqual([expect.objectContaining({ path: "password", code: "weak_password" })]);
    expectCoded(
      await api("POST", "/api/v1/auth/verify-email", { body: { token: "not-a-token" } }),
      400,
      "invalid_token",
    );
  });
});

describe("the documented list of codes", () => {
  it("is snake_case, without duplicates, each with a description", () => {
    const names = ERROR_CODES.map(([name]) => name);
    expect(new Set(names).size).toBe(names.length);
    for (const [name, description] of ERROR_CODES) {
      expect(name).toMatch(SNAKE);
      expect(description.length).toBeGreaterThan(0);
    }
  });
});
