/**
 * Which route file of app/api/v1 serves a path, decided the way Next.js decides it: static segments
 * win over dynamic ones (`/plans/calculate-price` before `/plans/[plan_id]`), parameters are
 * percent-decoded, and a trailing slash is tolerated (next.config.ts sets skipTrailingSlashRedirect).
 * The production server (server.ts) and the tests' `api()` helper both route through this.
 */

export const HTTP_METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type RouteSegment = { params: Promise<Record<string, string>> };
export type RouteHandler = (req: Request, segment: RouteSegment) => Response | Promise<Response>;
/** What a route.ts exports: one handler per HTTP method. */
export type RouteModule = Partial<Record<HttpMethod, RouteHandler>>;

export type RouteMatch<T> = { path: string; value: T; params: Record<string, string> };

type Compiled<T> = { path: string; value: T; segments: { name: string; dynamic: boolean }[] };

/** "app/api/v1/zones/[zone_id]/route.ts" -> "/api/v1/zones/[zone_id]" (route groups "(x)" leave no segment). */
export function routePathOf(file: string): string {
  const segments = file
    .replace(/^\.?\/?app\//, "")
    .replace(/\/route\.ts$/, "")
    .split("/")
    .filter((segment) => !/^\(.*\)$/.test(segment));
  for (const segment of segments) {
    if (segment.startsWith("[...") || segment.startsWith("[[")) {
      throw new Error(`${file}: catch-all segments are not supported by the route table (lib/http/route-table.ts)`);
    }
  }
  return "/" + segments.join("/");
}

/**
 * A table of routes given by path pattern ("/api/v1/products/[id]"); `value` is whatever the caller
 * routes to (a module, or a loader of one).
 */
export function createRouteTable<T>(entries: ReadonlyArray<{ path: string; value: T }>) {
  const routes: Compiled<T>[] = entries.map(({ path, value }) => ({
    path,
    value,
    segments: path
      .split("/")
      .filter(Boolean)
      .map((part) =>
        part.startsWith("[") && part.endsWith("]")
          ? { name: part.slice(1, -1), dynamic: true }
          : { name: part, dynamic: false },
      ),
  }));
  // At the first segment where two patterns differ in kind, the static one is tried first. The order
  // compares the patterns' kinds segment by segment (then the shorter first), which is a total order:
  // a comparator that called patterns "equal" whenever their kinds agreed so far was not transitive,
  // and sorting could put /ai/knowledge/[id] before /ai/knowledge/upload.
  const kinds = (route: (typeof routes)[number]) => route.segments.map((segment) => (segment.dynamic ? 1 : 0));
  routes.sort((a, b) => {
    const [left, right] = [kinds(a), kinds(b)];
    for (let i = 0; i < Math.min(left.length, right.length); i++) {
      if (left[i] !== right[i]) return left[i] - right[i];
    }
    return left.length - right.length;
  });

  return {
    routes: routes.map(({ path, value }) => ({ path, value })),

    /**
     * The route serving `pathname` (no query string) and its decoded parameters; null when none does
     * or when a segment's percent-encoding is malformed.
     */
    match(pathname: string): RouteMatch<T> | null {
      const trimmed = pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(1, -1) : pathname.slice(1);
      const parts = trimmed.split("/");
      for (const route of routes) {
        if (route.segments.length !== parts.length) continue;
        let params: Record<string, string> | null = {};
        for (let i = 0; i < parts.length && params; i++) {
          const segment = route.segments[i];
          if (!segment.dynamic) {
            if (segment.name !== parts[i]) params = null;
          } else {
            const value = decodeSegment(parts[i]);
            if (value === null || value === "") params = null;
            else params[segment.name] = value;
          }
        }
        if (params) return { path: route.path, value: route.value, params };
      }
      return null;
    },
  };
}

export type RouteTable<T> = ReturnType<typeof createRouteTable<T>>;

function decodeSegment(part: string): string | null {
  if (!part.includes("%")) return part;
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}
