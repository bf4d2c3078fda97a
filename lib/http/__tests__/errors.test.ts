import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import {
  BadRequestError,
  BusinessRuleError,
  ConflictError,
  ExternalServiceError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  PaymentRequiredError,
  RateLimitedError,
  UnauthorizedError,
  ValidationError,
} from "@/lib/errors";
import { getConnection, openDatabase, setConnection } from "@/db";
import { describeError } from "@/lib/http/errors";
import { defineOperation } from "@/lib/http/operation";
import { withApi } from "@/lib/http/with-api";
import { api } from "@/test/api";
import { signInAs } from "@/test/fixtures";

// One table from error to response (contract section 1): domain errors keep their message, anything
// else becomes a fixed message with no internals.

afterEach(() => {
  vi.restoreAllMocks();
});

describe("describeError", () => {
  it.each([
    [new BadRequestError("inactive version"), 400, "bad_request"],
    [new UnauthorizedError(), 401, "unauthorized"],
    [new PaymentRequiredError("card declined"), 402, "payment_required"],
    [new ForbiddenError(), 403, "forbidden"],
    [new NotFoundError("policy"), 404, "not_found"],
    [new ConflictError("e-mail taken"), 409, "conflict"],
    [new PayloadTooLargeError("too big"), 413, "payload_too_large"],
    [new ValidationError("bad input"), 422, "validation_error"],
    [new BusinessRuleError("age limit"), 422, "business_rule"],
    [new RateLimitedError("slow down", 30), 429, "rate_limited"],
    [new ExternalServiceError("processor down"), 502, "external_service"],
    [new ExternalServiceError("timed out", 504), 504, "external_service"],
  ])("maps %s to %i", (error, status, code) => {
    const described = describeError(error);
    expect(described.status).toBe(status);
    expect(described.body).toEqual({ detail: error.message, code });
  });

  it("names the kind of record in a 404", () => {
    expect(describeError(new NotFoundError("policy")).body.detail).toBe("policy not found");
  });

  it("adds the field errors of a validation error", () => {
    const errors = [{ path: "beneficiaries.0.date_of_birth", message: "must be a date", code: "invalid_date" }];
    expect(describeError(new ValidationError("invalid body", errors)).body).toEqual({
      detail: "invalid body",
      code: "validation_error",
      errors,
    });
  });

  it("adds WWW-Authenticate: Bearer to a 401 and Retry-After to a 429", () => {
    expect(describeError(new UnauthorizedError()).headers["WWW-Authenticate"]).toMatch(/^Bearer/);
    expect(describeError(new RateLimitedError("slow down", 42)).headers["Retry-After"]).toBe("42");
  });

  it("turns a plain Error into 500 with a fixed message, never the original text or stack", () => {
    const error = new Error('relation "users" does not exist at select * from users where password = $1');
    const described = describeError(error);
    expect(described.status).toBe(500);
    expect(described.body).toEqual({ detail: "internal server error", code: "internal" });
    expect(JSON.stringify(described.body)).not.toContain("users");
  });

  it("turns a thrown non-Error value into 500 too", () => {
    expect(describeError("a string").status).toBe(500);
    expect(describeError(undefined).status).toBe(500);
    expect(describeError({ weird: true }).status).toBe(500);
  });

  it("maps a Postgres unique violation (23505) to 409, also when the driver error is wrapped", () => {
    const driverError = Object.assign(new Error('duplicate key value violates unique constraint "zones_name_unique"'), {
      code: "23505",
    });
    for (const error of [
      driverError,
      { code: "23505" },
      new Error("Failed query: insert ...", { cause: driverError }),
    ]) {
      const described = describeError(error);
      expect(described.status).toBe(409);
      expect(described.body.code).toBe("conflict");
      expect(described.body.detail).not.toContain("zones_name_unique");
    }
  });

  it.each(["ECONNREFUSED", "ECONNRESET", "57P01", "08006", "CONNECTION_CLOSED"])(
    "maps an unreachable database (%s) to 503 with Retry-After",
    (code) => {
      const described = describeError(
        new Error("Failed query", { cause: Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code }) }),
      );
      expect(described.status).toBe(503);
      expect(described.body).toEqual({
        detail: "the database is not available; try again shortly",
        code: "unavailable",
      });
      expect(described.headers["Retry-After"]).toBeTruthy();
      expect(describeError({ code }).status).toBe(503);
    },
  );

  it("maps a value the column refuses (too long, out of range) to 422 without the SQL message", () => {
    for (const code of ["22001", "22003"]) {
      const described = describeError({ code, message: "value too long for type character varying(2)" });
      expect(described.status).toBe(422);
      expect(described.body.detail).not.toContain("character varying");
    }
  });

  it("leaves other database errors at 500", () => {
    expect(describeError({ code: "42P01", message: 'relation "x" does not exist' }).status).toBe(500);
  });
});

describe("withApi and an unexpected error", () => {
  const operation = defineOperation({
    method: "POST",
    path: "/test/explode",
    tag: "Test",
    summary: "Throws",
    access: "public",
    body: z.object({ reason: z.string() }),
    responses: { 200: { description: "never" } },
  });

  it("answers 500 {detail:'internal server error'} with a request id, and logs the original", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const handler = withApi(operation, async ({ body }) => {
      throw new Error(`secret internals: ${body.reason}`);
    });
    const response = await handler(
      new Request("http://localhost:3000/api/v1/test/explode", {
        method: "POST",
        headers: { "content-type": "application/json", "x-request-id": "explode-1" },
        body: JSON.stringify({ reason: "password=hunter2" }),
      }),
    );
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ detail: "internal server error", code: "internal" });
    expect(text).not.toContain("secret");
    expect(text).not.toContain("hunter2");
    expect(text).not.toMatch(/\bat .*\(.*:\d+:\d+\)/);
    expect(response.headers.get("x-request-id")).toBe("explode-1");
    expect(response.headers.get("content-type")).toContain("application/json");
    // The original goes to the log, tagged with the request id, for whoever runs the service.
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0][0])).toContain("explode-1");
    // As text (name, message, stack), with what looks like a credential redacted (lib/log.ts).
    expect(String(logged.mock.calls[0][0])).toContain("Error: secret internals: password=[redacted]");
    expect(String(logged.mock.calls[0][0])).not.toContain("hunter2");
  });

  it("maps a domain error thrown by a handler without logging it", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const handler = withApi(operation, async () => {
      throw new ConflictError("a zone with this name already exists");
    });
    const response = await handler(
      new Request("http://localhost:3000/api/v1/test/explode", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"reason":"x"}',
      }),
    );
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ detail: "a zone with this name already exists", code: "conflict" });
    expect(logged).not.toHaveBeenCalled();
  });
});

describe("an unreachable database", () => {
  it("answers 503 on the health check and on any route that needs it, without the driver's message", async () => {
    const admin = await signInAs("ADMIN");
    const original = await getConnection();
    // Nothing listens on port 1: every query fails with ECONNREFUSED.
    const down = await openDatabase("postgres://nobody@127.0.0.1:1/none");
    vi.spyOn(console, "error").mockImplementation(() => {});
    setConnection(down);
    try {
      const health = await api("GET", "/api/v1/health");
      expect(health.status).toBe(503);
      expect(health.body).toEqual({
        status: "error",
        database: "unavailable",
        detail: "the database is not available; try again shortly",
        code: "unavailable",
      });
      expect(health.headers.get("retry-after")).toBe("5");

      const countries = await api("GET", "/api/v1/geography/countries", { token: admin.token });
      expect(countries.status).toBe(503);
      expect(countries.body).toEqual({
        detail: "the database is not available; try again shortly",
        code: "unavailable",
      });
      expect(countries.headers.get("retry-after")).toBe("5");
      expect(countries.text).not.toContain("ECONNREFUSED");
    } finally {
      setConnection(original);
      await down.close();
    }
    expect((await api("GET", "/api/v1/health")).status).toBe(200);
  });
});
