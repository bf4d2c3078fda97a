import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "@/db";
import { inProcessRunner } from "@/inngest/send";
import type { ApiResponse } from "@/test/api";
import { HTML_PAYLOADS, SQL_PAYLOADS } from "@/test/hostile-values";

// The checks the hostile-input tests make of every response: below 500, a JSON `{detail}` for every
// error, no internals in the text, nothing stored by a refused request, no polluted prototype.

/** Every table of the test database. */
export async function tableNames(): Promise<string[]> {
  const rows = await query(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const names = rows.map((row) => String(row.table_name));
  expect(names).toContain("policies");
  return names;
}

async function query(statement: ReturnType<typeof sql>): Promise<Array<Record<string, unknown>>> {
  const result = await (await getDb()).execute(statement);
  return (
    Array.isArray(result) ? result : (result as unknown as { rows: Array<Record<string, unknown>> }).rows
  ) as Array<Record<string, unknown>>;
}

/** The row count of every table, and of audit rows per action, once background work has settled. */
export async function snapshot(tables: string[]): Promise<Record<string, number>> {
  await inProcessRunner().drain();
  const counts = tables.map((table) => `select '${table}' as name, count(*)::int as n from "${table}"`);
  counts.push(`select 'audit_logs:' || action as name, count(*)::int as n from audit_logs group by action`);
  const rows = await query(sql.raw(counts.join(" union all ")));
  return Object.fromEntries(rows.map((row) => [String(row.name), Number(row.n)]));
}

export function changes(before: Record<string, number>, after: Record<string, number>, allowed: string[]): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  const isAllowed = (name: string) =>
    allowed.includes(name) || (name === "audit_logs" && allowed.some((entry) => entry.startsWith("audit_logs:")));
  return [...names]
    .filter((name) => (before[name] ?? 0) !== (after[name] ?? 0) && !isAllowed(name))
    .map((name) => `${name} ${before[name] ?? 0} -> ${after[name] ?? 0}`);
}

// What a response must never show: stack frames, source paths, database or driver messages.
const LEAKS: Array<[string, RegExp]> = [
  ["a stack frame", /\bat (?:async )?[\w$.<>]+ \(|\n\s+at /],
  ["a source path", /\.(?:ts|tsx|js|mjs):\d+/],
  [
    "a database message",
    /syntax error|violates|relation "|duplicate key|invalid input syntax|column "|out of range for type|SQLSTATE/i,
  ],
  ["a driver name", /postgres|pglite|drizzle|PostgresError/i],
  ["SQL text", /Failed query|\bselect\s+\S.*?\bfrom\s+\S|\binsert into\b|\bupdate\s+\S+\s+set\b|\bdelete from\b/i],
  ["a runtime error", /TypeError|RangeError|ReferenceError|ZodError|Maximum call stack|Cannot read propert/],
];

/** The problems of one response, empty when it is what the contract allows. */
export function problemsOf(response: ApiResponse, expected?: number[]): string[] {
  const problems: string[] = [];
  const type = response.headers.get("content-type") ?? "";
  if (response.status >= 500) problems.push(`answered ${response.status}`);
  if (expected && !expected.includes(response.status) && response.status !== 401 && response.status !== 403) {
    problems.push(`answered ${response.status}, the contract says ${expected.join(" or ")}`);
  }
  if (response.status >= 400) {
    if (!type.startsWith("application/json")) problems.push(`error content type ${type}`);
    if (typeof response.body?.detail !== "string" || response.body.detail === "")
      problems.push("error body without a detail");
  }
  if (/html/i.test(type)) problems.push(`content type ${type}`);
  // What the caller sent may come back in a record it created; only what the server adds counts.
  let text = response.text;
  for (const payload of [...SQL_PAYLOADS, ...HTML_PAYLOADS])
    text = text.split(JSON.stringify(payload).slice(1, -1)).join("");
  for (const [what, pattern] of LEAKS)
    if (response.status >= 400 && pattern.test(text)) problems.push(`leaks ${what}: ${text.slice(0, 300)}`);
  if (response.status < 400 && LEAKS[0][1].test(text)) problems.push(`leaks a stack frame: ${text.slice(0, 300)}`);
  return problems;
}

export function expectNoPollution(): void {
  const probe = {} as Record<string, unknown>;
  for (const key of ["polluted", "isAdmin", "roles"]) expect(probe[key], `Object.prototype.${key}`).toBeUndefined();
  expect(Object.getPrototypeOf(probe)).toBe(Object.prototype);
  expect(Object.keys(Object.prototype)).toEqual([]);
  expect(typeof Object.prototype.toString).toBe("function");
}
