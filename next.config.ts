import type { NextConfig } from "next";
import { SECURITY_HEADERS } from "./lib/http/security-headers";

const pageCsp = [
  "default-src 'self'",
  // Next.js injects inline bootstrap scripts; dev mode also needs eval for fast refresh.
  `script-src 'self' 'unsafe-inline'${process.env.NODE_ENV === "development" ? " 'unsafe-eval'" : ""}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join("; ");

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // API clients call /products/ and /products alike; a redirect would break POSTs.
  skipTrailingSlashRedirect: true,
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-pgvector", "argon2", "postgres"],
  async headers() {
    return [
      { source: "/:path*", headers: [...SECURITY_HEADERS] },
      { source: "/((?!api/).*)", headers: [{ key: "Content-Security-Policy", value: pageCsp }] },
    ];
  },
};

export default nextConfig;
