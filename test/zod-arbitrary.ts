import fc from "fast-check";
import { z } from "zod";

// A fast-check arbitrary of the values a zod schema accepts as input, good enough to reach past the
// parser into the services. It reads the schema's JSON Schema (the same document the OpenAPI generator
// publishes) rather than zod's internals, covers the keywords our schemas use, and answers anything else
// with fc.anything(). Refinements and transforms are not represented: a generated value is valid in shape,
// not always in every rule, which is what a fuzz test wants.

type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
};

/** Most items an array gets, and most characters a free string gets, in a generated valid value. */
const MAX_ITEMS = 3;
const MAX_TEXT = 40;

/** Values the schema accepts as input (in shape; refinements aside). */
export function arbitraryOf(schema: z.ZodType): fc.Arbitrary<unknown> {
  return fromJsonSchema(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema);
}

export function fromJsonSchema(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches && branches.length > 0) return fc.oneof(...branches.map(fromJsonSchema));
  if (schema.allOf && schema.allOf.length > 0) return fromJsonSchema(schema.allOf[0]);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => fromJsonSchema({ ...schema, type })));
  switch (schema.type) {
    case "string":
      return stringOf(schema);
    case "integer":
      return fc.integer({
        min: bound(schema.minimum, schema.exclusiveMinimum, 1, -1e6),
        max: bound(schema.maximum, schema.exclusiveMaximum, -1, 1e6),
      });
    case "number":
      return fc.double({
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(schema.items ? fromJsonSchema(schema.items) : fc.anything(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? MAX_ITEMS, MAX_ITEMS)),
      });
    case "object":
      return objectOf(schema);
    default:
      return fc.anything();
  }
}

function bound(inclusive: number | undefined, exclusive: number | undefined, step: number, fallback: number): number {
  if (inclusive !== undefined) return Math.max(Math.min(inclusive, Number.MAX_SAFE_INTEGER), Number.MIN_SAFE_INTEGER);
  if (exclusive !== undefined) return exclusive + step;
  return fallback;
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case "uuid":
      return fc.uuid({ version: 4 });
    case "email":
      return fc.emailAddress();
    case "date":
      return isoDate();
    case "date-time":
      return isoDate().map((day) => `${day}T12:00:00Z`);
    case "uri":
      return fc.webUrl();
  }
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // A pattern fast-check cannot generate from: any text will do.
    }
  }
  const minLength = schema.minLength ?? 0;
  return fc.string({
    minLength,
    maxLength: Math.max(minLength, Math.min(schema.maxLength ?? MAX_TEXT, MAX_TEXT)),
    unit: "grapheme",
  });
}

function isoDate(): fc.Arbitrary<string> {
  return fc
    .date({ min: new Date("1930-01-01T00:00:00Z"), max: new Date("2040-12-31T00:00:00Z"), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10));
}

function objectOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.properties) {
    const keys = Object.keys(schema.properties);
    return fc.record(Object.fromEntries(keys.map((key) => [key, fromJsonSchema(schema.properties![key])])), {
      requiredKeys: (schema.required ?? []).filter((key) => keys.includes(key)),
    });
  }
  if (schema.additionalProperties && typeof schema.additionalProperties === "object") {
    const keys = schema.propertyNames
      ? (stringOf(schema.propertyNames) as fc.Arbitrary<string>)
      : fc.string({ maxLength: 12 });
    return fc.dictionary(keys, fromJsonSchema(schema.additionalProperties), { maxKeys: MAX_ITEMS });
  }
  return fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: MAX_ITEMS });
}
