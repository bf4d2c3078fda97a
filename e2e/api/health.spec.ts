import { expect, test } from "@playwright/test";

test("health answers without credentials, with the security headers", async ({ request }) => {
  const response = await request.get("/api/v1/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok", database: "ok" });
  const headers = response.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-powered-by"]).toBeUndefined();
  expect(headers["x-request-id"]).toBeTruthy();
});

test("the OpenAPI document lists the endpoints the back office uses", async ({ request }) => {
  const response = await request.get("/api/v1/openapi.json");
  expect(response.status()).toBe(200);
  const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(document.openapi).toBe("3.1.0");
  for (const path of [
    "/api/v1/auth/users",
    "/api/v1/audit/",
    "/api/v1/organizations/companies",
    "/api/v1/geography/zones",
  ]) {
    expect(document.paths).toHaveProperty([path]);
  }
});
