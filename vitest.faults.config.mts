import path from "node:path";
import { defineConfig } from "vitest/config";

// The fault tests (`npm run test:faults`): the built server (`npm run build` first) run as a child process
// against a throwaway PostgreSQL cluster of their own, which they stop, start and kill around it. One file
// at a time in one fork (they share the cluster's port and the machine's two cores), no global database setup.
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["faults/**/*.test.ts"],
    pool: "forks",
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
