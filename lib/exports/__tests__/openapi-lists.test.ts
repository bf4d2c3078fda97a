import { describe, expect, it } from "vitest";
import { api } from "@/test/api";

// The OpenAPI document declares, on each of the eight lists, the `cursor` and `format` parameters, the
// CSV and XLSX answers beside the JSON one, next_cursor on paginated answers and the Next-Cursor header on
// bare lists (reports.md sections 2 and 3).

type Parameter = { name: string; in: string; schema: { enum?: string[] } };
type Answer = {
  content: Record<string, { schema: { $ref?: string; properties?: Record<string, unknown> } }>;
  headers?: Record<string, unknown>;
};
type Document = {
  paths: Record<string, { get?: { parameters: Parameter[]; responses: Record<string, Answer> } }>;
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
};

const LISTS: Array<[string, boolean]> = [
  ["/api/v1/emission/clients", false],
  ["/api/v1/emission/policies", false],
  ["/api/v1/payments/transactions", true],
  ["/api/v1/claims/", false],
  ["/api/v1/leads/", true],
  ["/api/v1/audit/", false],
  ["/api/v1/notifications", false],
  ["/api/v1/auth/users", false],
];

describe("GET /api/v1/openapi.json on the eight lists", () => {
  it("declares cursor, format, the file answers, and next_cursor or the Next-Cursor header", async () => {
    const document = (await api<Document>("GET", "/api/v1/openapi.json")).body;
    for (const [path, bare] of LISTS) {
      const operation = (document.paths[path] ?? document.paths[path.replace(/\/$/, "")])?.get;
      expect(operation, path).toBeDefined();
      const names = operation!.parameters.map((parameter) => parameter.name);
      expect(names, path).toEqual(expect.arrayContaining(["cursor", "format"]));
      expect(operation!.parameters.find((parameter) => parameter.name === "format")!.schema.enum).toEqual([
        "csv",
        "xlsx",
      ]);
      const ok = operation!.responses["200"];
      expect(Object.keys(ok.content).sort(), path).toEqual([
        "application/json",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "text/csv; charset=utf-8",
      ]);
      if (bare) expect(ok.headers, path).toHaveProperty("Next-Cursor");
      else {
        const schema = ok.content["application/json"].schema;
        const properties = schema.properties ?? document.components.schemas[schema.$ref!.split("/").pop()!].properties;
        expect(properties, path).toHaveProperty("next_cursor");
      }
    }
  });
});
