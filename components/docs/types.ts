// The parts of an OpenAPI 3.1 document that the reference page shows. Schemas are JSON Schema
// (draft 2020-12) as zod generates them.
export type JsonSchema = {
  type?: string | string[];
  format?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: JsonSchema | boolean;
  $ref?: string;
};

export type MediaContent = Record<string, { schema?: JsonSchema }>;

export type ApiParameter = { name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema };

export type ApiOperation = {
  tags?: string[];
  summary?: string;
  description?: string;
  operationId?: string;
  "x-permissions"?: readonly string[];
  "x-access"?: string;
  parameters?: ApiParameter[];
  requestBody?: { required?: boolean; description?: string; content?: MediaContent };
  responses: Record<string, { description?: string; content?: MediaContent }>;
};

export type ApiDocument = {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, ApiOperation>>;
  components?: {
    schemas?: Record<string, JsonSchema>;
    securitySchemes?: Record<
      string,
      { description?: string; type?: string; name?: string; in?: string; scheme?: string }
    >;
  };
};

export type OperationEntry = { method: string; path: string; operation: ApiOperation };
