type RouteModule = Partial<Record<string, (req: Request, segment: { params: Promise<Record<string, string>> }) => Promise<Response>>>;

// Every route handler file, found the same way Next.js finds them, so tests call the real handlers by path.
const routeFiles = import.meta.glob<RouteModule>("/app/api/v1/**/route.ts");

type Route = { pattern: string[]; load: () => Promise<RouteModule> };
const routes: Route[] = Object.entries(routeFiles).map(([file, load]) => ({
  pattern: file.replace(/^\/app/, "").replace(/\/route\.ts$/, "").split("/").filter(Boolean),
  load,
}));

function match(path: string): { route: Route; params: Record<string, string> } | null {
  const segments = path.split("/").filter(Boolean).map(decodeURIComponent);
  for (const route of routes) {
    if (route.pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = route.pattern.every((part, index) => {
      if (part.startsWith("[") && part.endsWith("]")) {
        params[part.slice(1, -1)] = segments[index];
        return true;
      }
      return part === segments[index];
    });
    if (matches) return { route, params };
  }
  return null;
}

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

/** Calls the route handler that serves `path` (e.g. "/api/v1/auth/me?x=1"), as Next.js would. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function api<T = any>(method: string, path: string, options: ApiOptions = {}): Promise<ApiResponse<T>> {
  const url = new URL(path, "http://localhost:3000");
  const found = match(url.pathname);
  if (!found) throw new Error(`no route handler for ${url.pathname}`);
  const handler = (await found.route.load())[method];
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
  const response = await handler(new Request(url, { method, headers, body }), { params: Promise.resolve(found.params) });
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
    routes.map(async (route) => ({
      path: "/" + route.pattern.join("/"),
      methods: Object.keys(await route.load()).filter((name) => /^(GET|POST|PUT|PATCH|DELETE)$/.test(name)),
    })),
  );
}
