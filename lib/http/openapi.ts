import { z } from "zod";
import { catalogEndpoints } from "@/lib/catalog/endpoints";
import { claimsEndpoints } from "@/lib/claims/endpoints";
import { identityEndpoints } from "@/lib/identity/endpoints";
import { knowledgeEndpoints } from "@/lib/knowledge/endpoints";
import { leadsEndpoints } from "@/lib/leads/endpoints";
import { lifecycleEndpoints } from "@/lib/lifecycle/endpoints";
import { notificationsEndpoints } from "@/lib/notifications/endpoints";
import { emissionEndpoints } from "@/lib/emission/endpoints";
import { operationsEndpoints } from "@/lib/operations/endpoints";
import { paymentsEndpoints } from "@/lib/payments/endpoints";
import { reportsEndpoints } from "@/lib/reports/endpoints";
import { ErrorResponse } from "@/lib/schemas";
import { errorCodesDescription } from "./error-codes";
import { IDEMPOTENCY_HEADER } from "./idempotency";
import { permissionsOf, type Operation } from "./operation";

/** Every endpoint of /api/v1. A module adds its operations object here. */
export const allOperations: Operation[] = [
  ...Object.values(operationsEndpoints),
  ...Object.values(identityEndpoints),
  ...Object.values(notificationsEndpoints),
  ...Object.values(catalogEndpoints),
  ...Object.values(emissionEndpoints),
  ...Object.values(paymentsEndpoints),
  ...Object.values(lifecycleEndpoints),
  ...Object.values(claimsEndpoints),
  ...Object.values(leadsEndpoints),
  ...Object.values(knowledgeEndpoints),
  ...Object.values(reportsEndpoints),
];

type JsonSchema = Record<string, unknown>;

// A schema registered with an id (`Schema.register(z.globalRegistry, { id: "Claim" })` in a module's
// schemas.ts) is written once under components.schemas and referenced by `$ref` wherever an operation
// uses it: zod puts it in the converted schema's `$defs`, which are moved to the components here.
let components: Record<string, JsonSchema> = {};

/** Points zod's `#/$defs/<id>` references at `#/components/schemas/<id>`, in place. */
function pointAtComponents(value: unknown): void {
  if (Array.isArray(value)) value.forEach(pointAtComponents);
  else if (value && typeof value === "object") {
    const node = value as JsonSchema;
    if (typeof node.$ref === "string") node.$ref = node.$ref.replace(/^#\/\$defs\//, "#/components/schemas/");
    Object.values(node).forEach(pointAtComponents);
  }
}

function toSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const converted = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  const { $schema: _ignored, $defs, ...rest } = converted as JsonSchema & { $defs?: Record<string, JsonSchema> };
  pointAtComponents(rest);
  for (const [id, definition] of Object.entries($defs ?? {})) {
    pointAtComponents(definition);
    const known = components[id];
    // One id, one shape: a schema read differently as input and as output would need two ids.
    if (known && JSON.stringify(known) !== JSON.stringify(definition))
      throw new Error(`OpenAPI: two different schemas have the id ${id}`);
    components[id] = definition;
  }
  return rest;
}

function parametersOf(schema: z.ZodType | undefined, where: "path" | "query") {
  if (!schema) return [];
  const json = toSchema(schema, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === "path" || (json.required ?? []).includes(name),
    schema: property,
    ...(property.description ? { description: property.description } : {}),
  }));
}

function accessText(operation: Operation): string {
  if (operation.access === "public") return "Public.";
  if (operation.access === "user") return "Any signed-in user (not an API key).";
  return `Requires the permission ${permissionsOf(operation.access)
    .map((name) => `\`${name}\``)
    .join(" or ")}.`;
}

const error = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

function toOpenApiOperation(operation: Operation) {
  const responses: Record<string, unknown> = {};
  for (const [status, spec] of Object.entries(operation.responses)) {
    const files = Object.fromEntries(
      (spec.files ?? []).map((type) => [type, { schema: { type: "string", format: "binary" } }]),
    );
    const headers = spec.headers
      ? {
          headers: Object.fromEntries(
            Object.entries(spec.headers).map(([name, { description }]) => [
              name,
              { description, schema: { type: "string" } },
            ]),
          ),
        }
      : {};
    responses[status] = spec.schema
      ? {
          description: spec.description,
          ...headers,
          content: {
            [spec.contentType ?? "application/json"]: { schema: toSchema(spec.schema, "output") },
            ...files,
          },
        }
      : Number(status) >= 400
        ? error(spec.description)
        : { description: spec.description };
  }
  // The errors every endpoint of its kind can answer, unless the operation describes them itself.
  const common: Array<[number, string, boolean]> = [
    [401, "Missing, malformed, expired or revoked credentials", operation.access !== "public"],
    [
      403,
      operation.access === "user" ? "The caller is an API key, not a user" : "The caller lacks the permission",
      operation.access !== "public",
    ],
    [413, "JSON body larger than 1 MB", Boolean(operation.body)],
    [
      422,
      operation.body
        ? "Invalid input (with `errors` per field); also a text with a NUL character, or a body nested more than 32 levels deep"
        : "Invalid input (with `errors` per field)",
      Boolean(operation.body || operation.query || operation.params),
    ],
    [500, "Unexpected error (no internals are returned)", true],
    [503, "The database is not available", true],
  ];
  for (const [status, description, applies] of common)
    if (applies && !responses[status]) responses[status] = error(description);

  const requestBody = operation.body
    ? {
        required: true,
        content: {
          "application/json": { schema: toSchema(operation.body, "input") },
          ...(operation.acceptsForm
            ? { "application/x-www-form-urlencoded": { schema: toSchema(operation.body, "input") } }
            : {}),
        },
      }
    : operation.multipart
      ? {
          required: true,
          description: operation.multipart.description,
          content: { "multipart/form-data": { schema: toSchema(operation.multipart.schema, "input") } },
        }
      : undefined;

  return {
    tags: [operation.tag],
    summary: operation.summary,
    description: [operation.description, accessText(operation)].filter(Boolean).join("\n\n"),
    operationId: `${operation.method.toLowerCase()}${operation.path.replace(/[{}]/g, "").replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
    "x-permissions": permissionsOf(operation.access),
    "x-access": typeof operation.access === "string" ? operation.access : "permission",
    security: operation.access === "public" ? [] : [{ bearerAuth: [] }, { apiKey: [] }, { sessionCookie: [] }],
    parameters: [
      ...parametersOf(operation.params, "path"),
      ...parametersOf(operation.query, "query"),
      ...(operation.idempotent ? [IDEMPOTENCY_PARAMETER] : []),
    ],
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

const IDEMPOTENCY_PARAMETER = {
  name: IDEMPOTENCY_HEADER,
  in: "header",
  required: false,
  description:
    "Up to 255 printable characters. The same key with the same body (from the same caller) answers the first response again, with `Idempotent-Replayed: true`, and does nothing twice; with another body, 409. A request that failed can be sent again with its key.",
  schema: { type: "string", maxLength: 255 },
};

export function buildOpenApiDocument() {
  components = { Error: { ...toSchema(ErrorResponse, "output"), description: errorCodesDescription() } };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of allOperations) {
    const path = `/api/v1${operation.path}`;
    paths[path] ??= {};
    paths[path][operation.method.toLowerCase()] = toOpenApiOperation(operation);
  }
  const schemas = components;
  components = {};
  return {
    openapi: "3.1.0",
    info: {
      title: "Funeral and repatriation cover administration API",
      version: "1.0.0",
      description:
        "Every path answers with and without a trailing slash. Errors are `{detail, code}`: an English `detail` and a stable snake_case `code` (the Error schema lists them), plus `errors` per field on 422, each with its own `code`. Texts of the API stay in English; `GET /geography/countries` names countries in the Accept-Language. Money is a string with 2 decimals. Each response carries `X-Request-Id`.",
    },
    servers: [{ url: "/" }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "Access token from /api/v1/auth/login (15 minutes)",
        },
        apiKey: {
          type: "apiKey",
          in: "header",
          name: "X-API-Key",
          description: "Integration key from /api/v1/auth/api-keys",
        },
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: "next-auth.session-token",
          description: "The back office's sign-in session",
        },
      },
    },
  };
}
