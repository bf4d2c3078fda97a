import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ALL_PERMISSIONS } from "@/lib/auth/permissions";
import { catalogs } from "@/messages";
import { LOCALES } from "../locales";

// The pages name a permission in words ("Approve or close a claim despite what blocks it"), never by its
// code (`claims:override`): every permission code the code base uses has a name in every catalog
// (messages/<locale>/permissions.json).

const ROOTS = ["lib", "app", "components", "inngest", "db"];
// Strings shaped like a code that are not permissions: module specifiers and actor labels. Tests are not
// scanned (they name codes that must not exist).
const NOT_PERMISSIONS = /^(node|system|test|root):/;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return ["node_modules", "__tests__"].includes(entry.name) ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Every string literal of the code base shaped like a permission code ("area:verb"). */
function codesInSource(): Set<string> {
  const codes = new Set<string>();
  for (const file of ROOTS.flatMap((root) => sourceFiles(path.join(process.cwd(), root)))) {
    for (const match of readFileSync(file, "utf8").matchAll(/["'`]([a-z]+:[a-z_]+)["'`]/g))
      if (!NOT_PERMISSIONS.test(match[1])) codes.add(match[1]);
  }
  return codes;
}

describe("permission names", () => {
  const used = codesInSource();

  it("finds the codes the code base checks (the scan itself works)", () => {
    expect(used.has("claims:override")).toBe(true);
    expect(used.size).toBeGreaterThanOrEqual(20);
  });

  it("uses only codes of the permission catalogue", () => {
    expect([...used].filter((code) => !(ALL_PERMISSIONS as string[]).includes(code))).toEqual([]);
  });

  it.each(LOCALES)("names every permission in the %s catalog, and only permissions", (locale) => {
    const names = catalogs[locale].permissions as Record<string, string>;
    for (const code of new Set([...ALL_PERMISSIONS, ...used])) {
      expect(names[code], `${locale}: permissions.${code}`).toEqual(expect.any(String));
      expect(names[code].trim().length, `${locale}: permissions.${code}`).toBeGreaterThan(0);
      expect(names[code], `${locale}: permissions.${code} is a name, not the code`).not.toContain(":");
    }
    expect(Object.keys(names).sort()).toEqual([...ALL_PERMISSIONS].sort());
  });
});
