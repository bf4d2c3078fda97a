import { createRouteTable, routePathOf, type RouteModule } from "@/lib/http/route-table";

// Every route handler file, found the same way Next.js finds them, so tests call the real handlers by
// path, routed by the same table as the production server (lib/http/route-table.ts).
const routeFiles = import.meta.glob<RouteModule>("/app/api/v1/**/route.ts");
const routes = createRouteTable(
  Object.entries(routeFiles).map(([file, load]) => ({ path: routePathOf(file), value: load })),
);

export type ApiOptions = {
  body?: unknown;
  /** A raw body sent as is (with its own content type in `headers`). */
  rawBody?: string | Uint8Array | FormData;
  token?: string;
  apiKey?: string;
  headers?: Record<string, string>;
};

// Tests read response bodies freely; each assertion states the shape it expects.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ApiResponse<T = any> = { status: number; body: T; headers: Headers; text: string };

/** The route handler's Response itself, for a body that is not JSON text (a file, a stream). */
export async function apiResponse(method: string, path: string, options: ApiOptions = {}): Promise<Response> {
  const url = new URL(path, "http://localhost:3000");
  const found = routes.match(url.pathname);
  if (!found) throw new Error(`no route handler for ${url.pathname}`);
  const handler = (await found.value())[method as keyof RouteModule];
  if (!handler) throw new Error(`${url.pathname} has no ${method} handler`);
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.apiKey) headers["x-api-key"] = options.apiKey;
  let body: BodyInit | undefined;
  if (options.rawBody !== undefined) body = options.rawBody as BodyInit;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  return handler(new Request(url, { method, headers, body }), { params: Promise.resolve(found.params) });
}

/** Calls the route handler that serves `path` (e.g. "/api/v1/auth/me?x=1"), as Next.js would. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function api<T = any>(method: string, path: string, options: ApiOptions = {}): Promise<ApiResponse<T>> {
  const response = await apiResponse(method, path, options);
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed as T, headers: response.headers, text };
}

/** Every route file and the HTTP methods it exports (for tests that walk all routes). */
export async function listRoutes(): Promise<Array<{ path: string; methods: string[] }>> {
  return Promise.all(
    routes.routes.map(async (route) => ({
      path: route.path,
      methods: Object.keys(await route.value()).filter((name) => /^(GET|POST|PUT|PATCH|DELETE)$/.test(name)),
    })),
  );
}
