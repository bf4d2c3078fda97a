import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { API_CSP, PAGE_HEADERS } from "./lib/http/security-headers";

// The message catalogs (messages/<locale>/*.json); the language of each request is chosen in lib/i18n/request.ts.
const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // API clients call /products/ and /products alike; a redirect would break POSTs.
  skipTrailingSlashRedirect: true,
  // piscina starts its threads from its own files, and esbuild builds the worker bundle under `next dev`
  // (lib/offload/pool.ts): both are loaded from node_modules, not bundled.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@electric-sql/pglite-pgvector",
    "argon2",
    "postgres",
    "piscina",
    "esbuild",
  ],
  async headers() {
    // Next.js applies these before it looks for a page or file, so pages, /_next/static, /public files,
    // /api/auth, /api/inngest and the 404 and error pages all get them. Of two rules setting one header
    // the later wins: /api/v1 (served by Next.js under `npm run dev` and `next start`) gets the API CSP.
    return [
      { source: "/:path*", headers: [...PAGE_HEADERS] },
      { source: "/api/v1/:path*", headers: [{ key: "Content-Security-Policy", value: API_CSP }] },
    ];
  },
};

export default withNextIntl(nextConfig);
