// The production server (`npm start`; `npm run build` bundles this file into .next/custom-server.js).
// A plain node:http server: requests under /api/v1 go straight to the exported handlers of
// app/api/v1/**/route.ts (lib/http/node-handler.ts), everything else (pages, /api/auth, /api/inngest,
// static files) to Next.js as a custom server. Next.js's own request pipeline costs far more than our
// handlers do (README, "Benchmarks"); the handlers only use web Request and Response, so they need none
// of it. `npm run dev` keeps serving everything through `next dev`.
import http from "node:http";
import next from "next";
import { createApiListener, loadedRoute } from "@/lib/http/node-handler";
import { createRouteTable } from "@/lib/http/route-table";
import { PAGE_HEADERS } from "@/lib/http/security-headers";
import { markSocketAddressStamped, SOCKET_ADDRESS_HEADER } from "@/lib/http/socket-stamp";
import { logError, logInfo } from "@/lib/log";
import { API_ROUTES } from "@/lib/http/routes.generated";
import { startService } from "@/lib/start-service";

const port = Number(process.env.PORT ?? 3000);
// As `next start` and Next.js's standalone server: HOSTNAME, else every interface.
const hostname = process.env.HOSTNAME || undefined;

function isApiPath(url: string): boolean {
  return url.startsWith("/api/v1/") || url === "/api/v1" || url.startsWith("/api/v1?");
}

async function main(): Promise<void> {
  const app = next({ dev: false, dir: process.cwd(), hostname: hostname ?? "localhost", port });
  // Runs instrumentation.ts, which starts the service; the call after it only waits for that start.
  await app.prepare();
  await startService();
  const handleWithNext = app.getRequestHandler();

  const routes = await Promise.all(
    API_ROUTES.map(async ({ path, load }) => ({ path, value: loadedRoute(await load()) })),
  );
  const handleApi = createApiListener(createRouteTable(routes), { port });

  // Next.js gives pages, /api/auth and its route handlers no socket: each request carries the socket's
  // address under a header of ours instead, a client's own value under that name replaced
  // (lib/http/client-address.ts). The /api/v1 handlers read the socket itself.
  markSocketAddressStamped();
  const server = http.createServer((req, res) => {
    if (isApiPath(req.url ?? "/")) {
      handleApi(req, res);
      return;
    }
    const socketAddress = req.socket.remoteAddress;
    if (socketAddress) req.headers[SOCKET_ADDRESS_HEADER] = socketAddress;
    else delete req.headers[SOCKET_ADDRESS_HEADER];
    handleWithNext(req, res).catch((error) => {
      logError(`[server] ${req.method} ${req.url}`, error);
      if (!res.headersSent) {
        // Next.js failed before it could answer: the bare 500 still carries the headers of every response.
        res.statusCode = 500;
        for (const { key, value } of PAGE_HEADERS) res.setHeader(key, value);
      }
      res.end();
    });
  });
  // Node closes an idle kept-alive connection after 5 s; a client that sends on it at that moment gets
  // ECONNRESET (a browser test's API client did). Proxies and clients keep theirs about a minute: stay
  // open longer than they do. The headers' timeout must exceed it.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, resolve);
  });
  logInfo(
    `[server] ready on http://${hostname ?? "localhost"}:${port} (${routes.length} API routes served directly, the rest by Next.js)`,
  );

  // As `next start`: finish what is in flight, then exit with the signal's conventional code.
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    process.once(signal, () => {
      server.close(() => process.exit(code));
      server.closeIdleConnections();
      setTimeout(() => process.exit(code), 5000).unref();
    });
  }
}

main().catch((error) => {
  logError("[server] could not start", error);
  process.exit(1);
});
