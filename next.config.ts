import type { NextConfig } from "next";
import { PAGE_CSP, SECURITY_HEADERS } from "./lib/http/security-headers";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // API clients call /products/ and /products alike; a redirect would break POSTs.
  skipTrailingSlashRedirect: true,
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-pgvector", "argon2", "postgres"],
  async headers() {
    return [
      { source: "/:path*", headers: [...SECURITY_HEADERS] },
      { source: "/((?!api/).*)", headers: [{ key: "Content-Security-Policy", value: PAGE_CSP }] },
    ];
  },
};

export default nextConfig;
