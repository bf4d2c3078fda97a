import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GENERATED_ROUTES_FILE, listApiRouteFiles, renderRoutesModule } from "@/lib/http/route-files";
import { createRouteTable, routePathOf } from "@/lib/http/route-table";
import { API_ROUTES } from "@/lib/http/routes.generated";

// The production server routes /api/v1 through lib/http/routes.generated.ts; a route file it does not
// list would answer 404 there while `next dev` and these tests serve it.
const root = path.resolve(import.meta.dirname, "../../..");

describe("the generated table of API routes", () => {
  it("is up to date with app/api/v1 (run `npm run routes` after adding or removing a route file)", () => {
    const files = listApiRouteFiles(root);
    expect(files.length).toBeGreaterThan(20);
    expect(readFileSync(path.join(root, GENERATED_ROUTES_FILE), "utf8")).toBe(renderRoutesModule(files));
    expect(API_ROUTES.map((route) => route.path).sort()).toEqual(files.map(routePathOf).sort());
  });

  it("loads a module with at least one handler for every route", async () => {
    for (const route of API_ROUTES) {
      const handlers = await route.load();
      const methods = Object.keys(handlers).filter((name) => /^(GET|POST|PUT|PATCH|DELETE)$/.test(name));
      expect(methods, route.path).not.toEqual([]);
    }
  });
});

describe("routePathOf", () => {
  it("turns a route file into its URL pattern, leaving out route groups", () => {
    expect(routePathOf("app/api/v1/products/[id]/route.ts")).toBe("/api/v1/products/[id]");
    expect(routePathOf("/app/api/v1/(public)/health/route.ts")).toBe("/api/v1/health");
  });

  it("refuses catch-all segments, which the table does not match", () => {
    expect(() => routePathOf("app/api/v1/files/[...path]/route.ts")).toThrow(/catch-all/);
    expect(() => routePathOf("app/api/v1/files/[[...path]]/route.ts")).toThrow(/catch-all/);
  });
});

describe("matching a path", () => {
  const patterns = ["/a/[id]", "/a/b", "/a/[id]/c", "/a/b/[x]", "/plans/[plan_id]/versions", "/plans/calculate-price"];
  // The order routes are given in must not matter: static segments win wherever they stand.
  const tables = [patterns, [...patterns].reverse()].map((list) =>
    createRouteTable(list.map((pattern) => ({ path: pattern, value: pattern }))),
  );

  it.each([
    ["/a/b", "/a/b", {}],
    ["/a/42", "/a/[id]", { id: "42" }],
    ["/a/b/c", "/a/b/[x]", { x: "c" }],
    ["/a/42/c", "/a/[id]/c", { id: "42" }],
    ["/plans/calculate-price", "/plans/calculate-price", {}],
    ["/plans/7/versions", "/plans/[plan_id]/versions", { plan_id: "7" }],
  ])("%s is served by %s", (pathname, pattern, params) => {
    for (const table of tables) expect(table.match(pathname)).toEqual({ path: pattern, value: pattern, params });
  });

  it("sends a static last segment to its own route whatever shorter routes sit between (a total order)", () => {
    const knowledge = [
      "/ai/knowledge/[id]",
      "/ai/chat",
      "/ai/knowledge",
      "/ai/knowledge/upload",
      "/ai/chat/stream",
      "/a/[id]",
    ];
    for (const list of [
      knowledge,
      [...knowledge].reverse(),
      [knowledge[2], knowledge[0], knowledge[5], knowledge[3], knowledge[1], knowledge[4]],
    ]) {
      const table = createRouteTable(list.map((pattern) => ({ path: pattern, value: pattern })));
      expect(table.match("/ai/knowledge/upload")?.path).toBe("/ai/knowledge/upload");
      expect(table.match("/ai/knowledge/9")?.path).toBe("/ai/knowledge/[id]");
    }
  });

  it("tolerates one trailing slash, as Next.js does with skipTrailingSlashRedirect", () => {
    for (const table of tables) {
      expect(table.match("/a/b/")?.path).toBe("/a/b");
      expect(table.match("/a/42/")?.params).toEqual({ id: "42" });
    }
  });

  it("decodes parameters and refuses malformed percent-encoding", () => {
    const [table] = tables;
    expect(table.match("/a/x%20y%2Fz")?.params).toEqual({ id: "x y/z" });
    expect(table.match("/a/%E0%A4%A")).toBeNull();
  });

  it("finds nothing for an unknown path, an empty segment, or a different depth", () => {
    for (const table of tables) {
      for (const pathname of ["/", "/nope", "/a", "/a//c", "/a/b/c/d", "/A/b", "/plans/calculate-price/x/y"]) {
        expect(table.match(pathname), pathname).toBeNull();
      }
    }
  });

  it("routes the real API paths to their files", () => {
    const table = createRouteTable(API_ROUTES.map(({ path: pattern }) => ({ path: pattern, value: pattern })));
    expect(table.match("/api/v1/plans/calculate-price")?.path).toBe("/api/v1/plans/calculate-price");
    expect(table.match("/api/v1/audit/")?.path).toBe("/api/v1/audit");
    expect(table.match("/api/v1/products/0f8a/plans")).toMatchObject({
      path: "/api/v1/products/[id]/plans",
      params: { id: "0f8a" },
    });
    expect(table.match("/api/v1/no-such-thing")).toBeNull();
  });
});
