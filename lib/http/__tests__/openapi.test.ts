import { describe, expect, it } from "vitest";
import { api, listRoutes } from "@/test/api";

// GET /api/v1/openapi.json (contract section 1): one OpenAPI 3.1 document covering every endpoint. The
// comparison with the route files makes this fail as soon as a route is added without being documented.

type OpenApiOperation = {
  summary: string;
  description: string;
  parameters: Array<{ name: string; in: string; required: boolean }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string }>;
  security: unknown[];
  "x-permissions": string[];
};
type Document = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, unknown> };
};

/** "/api/v1/zones/[zone_id]/" and "/api/v1/zones/{zone_id}" both become "/api/v1/zones/{zone_id}". */
function normalize(path: string): string {
  return path.replace(/\[([^\]]+)\]/g, "{$1}").replace(/\/+$/, "");
}

async function loadDocument(): Promise<Document> {
  const response = await api<Document>("GET", "/api/v1/openapi.json");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("application/json");
  return response.body;
}

async function documentedOperations(document: Document) {
  const operations = new Map<string, OpenApiOperation>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods))
      operations.set(`${method.toUpperCase()} ${normalize(path)}`, operation);
  }
  return operations;
}

async function routeOperations() {
  return (await listRoutes())
    .flatMap((route) => route.methods.map((method) => `${method} ${normalize(route.path)}`))
    .sort();
}

describe("GET /api/v1/openapi.json", () => {
  it("serves an OpenAPI 3.1 document without authentication", async () => {
    const document = await loadDocument();
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.title.length).toBeGreaterThan(0);
    expect(document.info.version.length).toBeGreaterThan(0);
  });

  it("documents every method of every route file", async () => {
    const documented = await documentedOperations(await loadDocument());
    const routes = await routeOperations();
    expect(routes.length).toBeGreaterThan(20);
    const undocumented = routes.filter((operation) => !documented.has(operation));
    expect(undocumented, "routes missing from the OpenAPI document").toEqual([]);
  });

  it("documents nothing that has no route file", async () => {
    const routes = new Set(await routeOperations());
    const phantom = [...(await documentedOperations(await loadDocument())).keys()].filter(
      (operation) => !routes.has(operation),
    );
    expect(phantom, "documented operations without a handler").toEqual([]);
  });

  it("names each path parameter of the route files", async () => {
    const document = await loadDocument();
    for (const [path, methods] of Object.entries(document.paths)) {
      const placeholders = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]).sort();
      for (const [method, operation] of Object.entries(methods)) {
        const inPath = operation.parameters.filter((parameter) => parameter.in === "path");
        expect(inPath.map((parameter) => parameter.name).sort(), `${method} ${path}`).toEqual(placeholders);
        expect(inPath.every((parameter) => parameter.required)).toBe(true);
      }
    }
  });

  it("gives each operation a summary, its responses and, when protected, its credentials and errors", async () => {
    const document = await loadDocument();
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const name = `${method.toUpperCase()} ${path}`;
        expect(operation.summary, name).toBeTruthy();
        expect(
          Object.keys(operation.responses).some((status) => status.startsWith("2")),
          name,
        ).toBe(true);
        expect(operation.responses["500"], name).toBeDefined();
        if (operation.security.length > 0) expect(operation.responses["401"], name).toBeDefined();
        if (operation["x-permissions"].length > 0) expect(operation.responses["403"], name).toBeDefined();
        if (operation.requestBody) {
          expect(
            operation.requestBody.content["application/json"] ?? operation.requestBody.content["multipart/form-data"],
            name,
          ).toBeDefined();
          expect(operation.responses["422"], name).toBeDefined();
        }
      }
    }
  });

  it("describes the audit query and the company body with their rules", async () => {
    const document = await loadDocument();
    const audit = document.paths["/api/v1/audit/"]?.get ?? document.paths["/api/v1/audit"]?.get;
    expect(audit["x-permissions"]).toEqual(["audit:read"]);
    expect(audit.parameters.map((parameter) => parameter.name).sort()).toEqual([
      "action",
      "cursor",
      "date_from",
      "date_to",
      "entity",
      "format",
      "page",
      "page_size",
      "user_id",
    ]);
    const pageSize = audit.parameters.find((parameter) => parameter.name === "page_size") as unknown as {
      schema: { maximum: number; default: number };
    };
    expect(pageSize.schema).toMatchObject({ maximum: 200, default: 50 });

    const create = document.paths["/api/v1/organizations/companies"].post;
    expect(create.requestBody?.content["application/json"].schema).toMatchObject({
      required: ["name"],
      properties: { name: expect.any(Object) },
    });
    expect(create.responses["201"]).toBeDefined();
  });

  it("describes the accent-insensitive `q` of the users', leads' and claims' lists", async () => {
    const document = await loadDocument();
    for (const path of ["/api/v1/auth/users", "/api/v1/leads/", "/api/v1/claims/"]) {
      const list = document.paths[path]?.get ?? document.paths[normalize(path)]?.get;
      const q = list.parameters.find((parameter) => parameter.name === "q") as unknown as {
        required: boolean;
        description: string;
      };
      expect(q, path).toMatchObject({ required: false, description: expect.stringContaining('"Ana Ramírez"') });
    }
  });

  it("writes a schema shared by several operations once under components, referenced by $ref", async () => {
    const document = await loadDocument();
    const text = JSON.stringify(document);
    expect(text, "no $defs left from the zod conversion").not.toContain("$defs");

    // Every reference points at a component that exists.
    const references = [...text.matchAll(/"\$ref":"([^"]+)"/g)].map((match) => match[1]);
    for (const reference of new Set(references)) {
      expect(reference).toMatch(/^#\/components\/schemas\//);
      expect(document.components.schemas[reference.replace("#/components/schemas/", "")], reference).toBeDefined();
    }

    // A claim is answered by several operations: one component, and each of them refers to it.
    const claim = document.components.schemas.Claim as { properties: Record<string, unknown> };
    expect(claim.properties).toMatchObject({ id: expect.any(Object), status: expect.any(Object) });
    const users = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => JSON.stringify(operation).includes('"#/components/schemas/Claim"'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(users.length, users.join(", ")).toBeGreaterThanOrEqual(3);
    expect(users).toContain("GET /api/v1/claims/{id}");
    // Nowhere is the claim written out again: its description appears once, in the component.
    const description = "eligibility.waiting_period.met when the date of death is known";
    expect(text.split(description).length - 1).toBe(1);
  });
});
