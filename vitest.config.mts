import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["lib/**/*.test.ts", "db/**/*.test.ts", "inngest/**/*.test.ts", "scripts/**/*.test.ts"],
    // Migrates one database per run; every test file then works on its own copy.
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/setup.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    env: {
      AUTH_SECRET: "test-secret-of-at-least-thirty-two-characters",
      BACKGROUND_RETRY_DELAY_MS: "5",
      SEED_DEMO: "0",
      // Tests play the proxy: each sends its own X-Forwarded-For as the client address.
      TRUSTED_PROXY_HOPS: "1",
    },
  },
});
