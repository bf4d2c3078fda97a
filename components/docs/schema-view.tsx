import type { JsonSchema } from "./types";

// zod's UUID and date-time patterns are hundreds of characters; the format says the same for people.
const MAX_PATTERN_LENGTH = 60;
const MAX_DEPTH = 8;

function refName(ref: string): string {
  return ref.split("/").pop() ?? ref;
}

function variants(schema: JsonSchema): JsonSchema[] | undefined {
  return schema.anyOf ?? schema.oneOf;
}

/** A one-line type: "string (uuid)", "array of object", "integer or null", "one of: a, b". */
export function typeLabel(schema: JsonSchema | undefined): string {
  if (!schema) return "any";
  if (schema.$ref) return refName(schema.$ref);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return `one of: ${schema.enum.map((value) => JSON.stringify(value)).join(", ")}`;
  const options = variants(schema);
  if (options) return options.map(typeLabel).join(" or ");
  if (schema.allOf) return schema.allOf.map(typeLabel).join(" and ");
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) return schema.properties ? "object" : "any";
  return types
    .map((type) => {
      if (type === "array") return `array of ${typeLabel(schema.items)}`;
      if (
        type === "object" &&
        schema.additionalProperties &&
        typeof schema.additionalProperties === "object" &&
        !schema.properties
      ) {
        return `map of ${typeLabel(schema.additionalProperties)}`;
      }
      return schema.format ? `${type} (${schema.format})` : type;
    })
    .join(" or ");
}

/** Limits people need when filling a value in: lengths, ranges, default, a short pattern. */
function constraintsOf(schema: JsonSchema): string[] {
  const notes: string[] = [];
  if (schema.minLength !== undefined && schema.maxLength !== undefined)
    notes.push(`${schema.minLength}–${schema.maxLength} characters`);
  else if (schema.minLength !== undefined) notes.push(`at least ${schema.minLength} characters`);
  else if (schema.maxLength !== undefined) notes.push(`at most ${schema.maxLength} characters`);
  const hasMax = schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER;
  if (schema.minimum !== undefined && hasMax) notes.push(`${schema.minimum} to ${schema.maximum}`);
  else if (schema.minimum !== undefined) notes.push(`≥ ${schema.minimum}`);
  else if (hasMax) notes.push(`≤ ${schema.maximum}`);
  if (schema.minItems !== undefined) notes.push(`at least ${schema.minItems} items`);
  if (schema.maxItems !== undefined) notes.push(`at most ${schema.maxItems} items`);
  if (schema.pattern && !schema.format && schema.pattern.length <= MAX_PATTERN_LENGTH)
    notes.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  return notes;
}

/** What a value contains below itself: an object's fields, an array's item fields, a variant's fields. */
function childrenOf(schema: JsonSchema): JsonSchema | undefined {
  if (schema.properties) return schema;
  if (schema.items) return childrenOf(schema.items);
  const withFields = variants(schema)?.find((option) => option.properties || option.items?.properties);
  return withFields ? childrenOf(withFields) : undefined;
}

function PropertyList({ schema, depth }: { schema: JsonSchema; depth: number }) {
  const required = new Set(schema.required ?? []);
  return (
    <ul className="schema-properties">
      {Object.entries(schema.properties ?? {}).map(([name, property]) => (
        <li key={name}>
          <SchemaLine name={name} schema={property} isRequired={required.has(name)} depth={depth} />
        </li>
      ))}
    </ul>
  );
}

function SchemaLine({
  name,
  schema,
  isRequired,
  depth,
}: {
  name: string;
  schema: JsonSchema;
  isRequired: boolean;
  depth: number;
}) {
  const nested = depth < MAX_DEPTH ? childrenOf(schema) : undefined;
  const notes = constraintsOf(schema);
  return (
    <>
      <code className="schema-name">{name}</code> <span className="schema-type">{typeLabel(schema)}</span>
      {isRequired ? <span className="schema-required"> required</span> : null}
      {notes.length > 0 ? <span className="muted"> · {notes.join(" · ")}</span> : null}
      {schema.description ? <span className="schema-description"> — {schema.description}</span> : null}
      {nested ? <PropertyList schema={nested} depth={depth + 1} /> : null}
    </>
  );
}

/** A schema as a readable tree of fields with their types and limits. */
export function SchemaView({ schema }: { schema: JsonSchema | undefined }) {
  if (!schema) return <p className="muted">No schema.</p>;
  const fields = childrenOf(schema);
  return (
    <div className="schema">
      <div>
        <span className="schema-type">{typeLabel(schema)}</span>
        {constraintsOf(schema).length > 0 ? (
          <span className="muted"> · {constraintsOf(schema).join(" · ")}</span>
        ) : null}
      </div>
      {fields ? <PropertyList schema={fields} depth={1} /> : null}
    </div>
  );
}
