import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/http/openapi";

// Every number the API takes or gives has its real range in the OpenAPI document (docs/administration.md):
// an integration reading the document learns what the service accepts and what it may answer, not
// zod's defaults (±2^53 for an integer) or a placeholder such as -1000 to 1000.

type Node = Record<string, unknown>;
type NumericNode = { where: string; minimum?: number; maximum?: number };

/** Every schema node of type integer or number, with the JSON path it sits at. */
function numericNodes(value: unknown, where: string, found: NumericNode[] = []): NumericNode[] {
  if (Array.isArray(value)) value.forEach((item, index) => numericNodes(item, `${where}[${index}]`, found));
  else if (value && typeof value === "object") {
    const node = value as Node;
    const types = Array.isArray(node.type) ? node.type : [node.type];
    if (types.includes("integer") || types.includes("number"))
      found.push({
        where,
        minimum: (node.minimum ?? node.exclusiveMinimum) as number | undefined,
        maximum: (node.maximum ?? node.exclusiveMaximum) as number | undefined,
      });
    for (const [key, child] of Object.entries(node)) numericNodes(child, `${where}.${key}`, found);
  }
  return found;
}

// The largest real bound in the API: a money amount (lib/schemas.ts DecimalInput).
const LARGEST_REAL_BOUND = 9_999_999_999.99;
// The one number that is truly negative at times: a cosine similarity (-1 to 1).
const MAY_BE_NEGATIVE = [/\.sources\.items\.properties\.score$/];

describe("the OpenAPI document's numeric ranges", () => {
  const nodes = numericNodes(buildOpenApiDocument(), "$");

  it("finds the numeric fields (the walk itself works)", () => {
    expect(nodes.length).toBeGreaterThan(50);
    expect(nodes.some((node) => node.where.includes("calculate-price"))).toBe(true);
  });

  it("gives every numeric field both bounds", () => {
    const open = nodes.filter((node) => typeof node.minimum !== "number" || typeof node.maximum !== "number");
    expect(open.map((node) => node.where)).toEqual([]);
  });

  it("uses no placeholder bounds: nothing negative, nothing past the largest amount, no ±1000", () => {
    const unreal = nodes.filter(
      (node) =>
        ((node.minimum ?? 0) < 0 && !MAY_BE_NEGATIVE.some((pattern) => pattern.test(node.where))) ||
        (node.maximum ?? 0) > LARGEST_REAL_BOUND ||
        (node.minimum === -1000 && node.maximum === 1000),
    );
    expect(unreal.map((node) => `${node.where} ${node.minimum}..${node.maximum}`)).toEqual([]);
  });

  it("documents a quote's age as the catalog's ages and its quantity as at least 1", () => {
    const document = buildOpenApiDocument() as unknown as {
      paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: Node }> } }>>;
    };
    const body = document.paths["/api/v1/plans/calculate-price"].post.requestBody.content["application/json"]
      .schema as { properties: Record<string, Node> };
    expect(body.properties.age).toMatchObject({ type: "integer", minimum: 0, maximum: 130 });
    expect(body.properties.quantity).toMatchObject({ type: "integer", minimum: 1 });
  });
});
