import fc from "fast-check";
import type { z } from "zod";
import { arbitraryOf } from "./zod-arbitrary";

// Breakers for fuzz tests: each takes a value the schema accepts and breaks one place in it (or the
// whole body) the way a hostile or careless caller would. The result is JSON text, not a value, so that
// keys such as __proto__ are real own keys and numbers such as -0 or 1e999 reach the server as written.

export type HostileBody = {
  /** What was broken, for the failure message. */
  kind: string;
  text: string;
  /** The statuses the contract fixes for this kind of input, when it fixes one. */
  expected?: number[];
};

export const SQL_PAYLOADS = [
  "'; drop table users; --",
  "1' OR '1'='1",
  "x'); delete from policies; --",
  "$$; select pg_sleep(5); --",
  "\\'; select version(); --",
];

export const HTML_PAYLOADS = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(document.cookie)>',
  "<svg/onload=alert(1)>",
  "javascript:alert(1)",
];

export const UNICODE_TEXTS = [
  "👨‍👩‍👧‍👦🇲🇽😀",
  "\u202Eevil\u202C مرحبا שלום",
  "Zalgo: Z̷̢̛a̶l̵g̸o̴",
  "zero\u200Bwidth\uFEFF",
  "lone \uD800 surrogate",
  "lone \uDFFF low surrogate",
  "\uFFFF\uFFFE",
  "ﷺ𒐫𒈙",
];

export const NUL_TEXT = "Ana\u0000Pérez";

/** Number literals written into the JSON text as is: out of range, not integers, or not numbers at all. */
export const NUMBER_LITERALS = [
  "1e308",
  "-1e308",
  "1e999",
  "-0",
  "9007199254740993",
  "2147483648",
  "-2147483649",
  "1.5",
  "1e-300",
  '"NaN"',
  '"Infinity"',
  '"0x1F"',
  '" 12 "',
  '"١٢"',
  '"12abc"',
];

const WRONG_TYPES: unknown[] = [0, -1, true, false, "text", "", [], {}, [1, 2], { a: 1 }, null];

const POLLUTERS = [
  ["__proto__", '{"polluted":"yes","isAdmin":true,"roles":["ADMIN"]}'],
  ["constructor", '{"prototype":{"polluted":"yes"}}'],
  ["prototype", '{"polluted":"yes"}'],
] as const;

/** JSON bodies above the contract's 1 MB limit. */
export const OVER_LIMIT_BYTES = 1024 * 1024 + 1024;
/** A long text that keeps the body under the limit. */
const LONG_TEXT_LENGTH = 100_000;
const HUGE_ARRAY_LENGTH = 5_000;
const DEEP_NESTING = 5_000;

type Path = Array<string | number>;
type Json = unknown;

/** Bodies the schema's valid values become once broken; about one in twelve is left whole. */
export function hostileBodyOf(
  schema: z.ZodType,
  prepare: (value: Json, index: number) => Json = (value) => value,
): fc.Arbitrary<HostileBody> {
  return fc.tuple(arbitraryOf(schema), breaker(), fc.nat()).map(([value, brk, index]) => brk(prepare(value, index)));
}

type Breaker = (value: Json) => HostileBody;

function breaker(): fc.Arbitrary<Breaker> {
  const at = fc.nat();
  return fc.oneof(
    fc.constant<Breaker>((value) => ({ kind: "valid", text: JSON.stringify(value) })),
    at.map<Breaker>((pick) => (value) => {
      const path = pickPath(value, pick, () => true);
      const current = get(value, path);
      const replacement = WRONG_TYPES.filter((candidate) => typeOf(candidate) !== typeOf(current))[
        pick % (WRONG_TYPES.length - 2)
      ];
      return { kind: `wrong type at ${show(path)}`, text: JSON.stringify(set(value, path, replacement)) };
    }),
    at.map<Breaker>((pick) => (value) => {
      const path = pickPath(value, pick, () => true);
      return { kind: `null at ${show(path)}`, text: JSON.stringify(set(value, path, null)) };
    }),
    at.map<Breaker>((pick) => (value) => {
      const path = pickPath(value, pick, (_, p) => p.length > 0);
      return { kind: `missing ${show(path)}`, text: JSON.stringify(remove(value, path)) };
    }),
    fc.tuple(at, fc.constantFrom("a", "é", "😀", "'", "<")).map<Breaker>(([pick, unit]) => (value) => {
      const path = pickPath(value, pick, isText);
      return {
        kind: `long text (${unit}) at ${show(path)}`,
        text: JSON.stringify(set(value, path, unit.repeat(LONG_TEXT_LENGTH))),
      };
    }),
    at.map<Breaker>((pick) => (value) => {
      const path = pickPath(value, pick, () => true);
      const current = get(value, path);
      const item = Array.isArray(current) && current.length > 0 ? current[0] : current;
      const fill = JSON.stringify(item ?? null).length * HUGE_ARRAY_LENGTH < 800_000 ? item : 1;
      return {
        kind: `huge array at ${show(path)}`,
        text: JSON.stringify(
          set(
            value,
            path,
            Array.from({ length: HUGE_ARRAY_LENGTH }, () => fill),
          ),
        ),
      };
    }),
    fc.tuple(at, fc.constantFrom(...UNICODE_TEXTS)).map<Breaker>(([pick, payload]) => (value) => {
      const path = pickPath(value, pick, isText);
      return { kind: `unicode at ${show(path)}`, text: JSON.stringify(set(value, path, payload)) };
    }),
    at.map<Breaker>((pick) => (value) => {
      const path = pickPath(value, pick, isText);
      return { kind: `NUL at ${show(path)}`, text: JSON.stringify(set(value, path, NUL_TEXT)), expected: [422] };
    }),
    fc.tuple(at, fc.constantFrom(...NUMBER_LITERALS)).map<Breaker>(([pick, literal]) => (value) => {
      const path = pickPath(value, pick, (item) => typeof item === "number" || typeof item === "string");
      return { kind: `number ${literal} at ${show(path)}`, text: withRaw(set(value, path, RAW), literal) };
    }),
    fc.tuple(at, fc.constantFrom(...SQL_PAYLOADS, ...HTML_PAYLOADS)).map<Breaker>(([pick, payload]) => (value) => {
      const path = pickPath(value, pick, isText);
      return {
        kind: `injection ${JSON.stringify(payload)} at ${show(path)}`,
        text: JSON.stringify(set(value, path, payload)),
      };
    }),
    fc.tuple(at, fc.constantFrom(...POLLUTERS)).map<Breaker>(([pick, [key, raw]]) => (value) => {
      const path = pickPath(value, pick, isObject);
      const target = path.length === 0 && !isObject(value) ? {} : value;
      const container = get(target, path) as Record<string, unknown>;
      const text = JSON.stringify(set(target, path, { [RAW_KEY]: RAW, ...container })).replace(
        `"${RAW_KEY}":"${RAW}"`,
        `"${key}":${raw}`,
      );
      return { kind: `${key} key at ${show(path)}`, text };
    }),
    at.map<Breaker>((pick) => (value) => {
      const path = pickPath(value, pick, () => true);
      return {
        kind: `deep nesting at ${show(path)}`,
        text: withRaw(set(value, path, RAW), "[".repeat(DEEP_NESTING) + "]".repeat(DEEP_NESTING)),
      };
    }),
    fc.constantFrom<Breaker>(
      () => ({ kind: "body is an array", text: "[]" }),
      () => ({ kind: "body is a string", text: '"hello"' }),
      () => ({ kind: "body is a number", text: "42" }),
      () => ({ kind: "body is null", text: "null" }),
      () => ({ kind: "body is not JSON", text: "{'a': 1,}" }),
      () => ({ kind: "body is cut short", text: '{"name": "Ana' }),
      () => ({ kind: "two JSON documents", text: "{}{}" }),
    ),
    fc.constant<Breaker>((value) => {
      const base = isObject(value) ? value : {};
      const padding = "x".repeat(OVER_LIMIT_BYTES);
      return { kind: "body over 1 MB", text: JSON.stringify({ ...base, padding }), expected: [413] };
    }),
  );
}

// Placeholders no generated value contains, replaced in the JSON text.
const RAW = "@@hostile-raw@@";
const RAW_KEY = "@@hostile-key@@";

/** JSON text of `value`, with the one RAW placeholder written as the literal `raw`. */
function withRaw(value: Json, raw: string): string {
  return JSON.stringify(value).replace(JSON.stringify(RAW), raw);
}

function isText(item: Json): boolean {
  return typeof item === "string";
}

function isObject(item: Json): item is Record<string, unknown> {
  return typeof item === "object" && item !== null && !Array.isArray(item);
}

function typeOf(item: Json): string {
  return item === null ? "null" : Array.isArray(item) ? "array" : typeof item;
}

function show(path: Path): string {
  return path.length === 0 ? "the root" : path.join(".");
}

/** Every path in a JSON value, the root first. */
function pathsOf(value: Json, prefix: Path = []): Path[] {
  const paths: Path[] = [prefix];
  if (Array.isArray(value)) value.forEach((item, index) => paths.push(...pathsOf(item, [...prefix, index])));
  else if (isObject(value))
    for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...prefix, key]));
  return paths;
}

/** One path whose value passes `accept`, chosen by `pick`; the root when none does. */
function pickPath(value: Json, pick: number, accept: (item: Json, path: Path) => boolean): Path {
  const candidates = pathsOf(value).filter((path) => accept(get(value, path), path));
  return candidates.length === 0 ? [] : candidates[pick % candidates.length];
}

function get(value: Json, path: Path): Json {
  return path.reduce<Json>((node, key) => (node as Record<string | number, unknown>)?.[key], value);
}

function set(value: Json, path: Path, replacement: Json): Json {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  const parent = get(copy, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path[path.length - 1]] = replacement;
  return copy;
}

function remove(value: Json, path: Path): Json {
  if (path.length === 0) return value;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  const parent = get(copy, path.slice(0, -1));
  const key = path[path.length - 1];
  if (Array.isArray(parent)) parent.splice(Number(key), 1);
  else delete (parent as Record<string, unknown>)[key as string];
  return copy;
}

/** Query strings of a query schema's valid values, one value broken. */
export function hostileQueryOf(schema: z.ZodType): fc.Arbitrary<{ kind: string; search: string; expected?: number[] }> {
  const payloads = fc.constantFrom(
    ...SQL_PAYLOADS,
    ...HTML_PAYLOADS,
    ...UNICODE_TEXTS,
    "-1",
    "0",
    "1e308",
    "99999999999999999999",
    "1.5",
    "NaN",
    "",
    "not-a-uuid",
    "2026-13-45",
    "a".repeat(LONG_TEXT_LENGTH),
  );
  return fc.tuple(arbitraryOf(schema), fc.nat(), payloads, fc.boolean()).map(([value, pick, payload, withNul]) => {
    const entries = Object.entries(isObject(value) ? value : {}).map(([key, item]) => [
      key,
      typeof item === "string" ? item : JSON.stringify(item),
    ]);
    if (entries.length === 0) entries.push(["q", ""]);
    const index = pick % entries.length;
    entries[index] = [entries[index][0], withNul ? `a\u0000b` : payload];
    const search = new URLSearchParams(entries).toString();
    return {
      kind: `${entries[index][0]}=${withNul ? "NUL" : JSON.stringify(payload.slice(0, 40))}`,
      search,
      expected: withNul ? [422] : undefined,
    };
  });
}
