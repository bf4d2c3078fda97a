import path from "node:path";
import type { BuildOptions } from "esbuild";

// The worker threads run an ES-module bundle of worker.ts made by esbuild: the same file whether the
// service runs under `next dev`, vitest or `npm start`, and whichever bundler (Turbopack, esbuild or
// vite) built the code that starts the pool, since none of them can be asked for a worker entry of
// its own. Our code is bundled with the `@/` paths resolved; packages stay in node_modules and load as
// ES modules (react-pdf ships no other kind). `npm run build` writes it to BUILT_WORKER
// (scripts/build-server.ts); elsewhere the pool builds it when it starts (pool.ts).

/** Where `npm run build` writes the bundle, from the project root. */
export const BUILT_WORKER = path.join(".next", "offload-worker.mjs");

export function workerBuildOptions(root: string): BuildOptions {
  return {
    absWorkingDir: root,
    entryPoints: ["lib/offload/worker.ts"],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: "tsconfig.json",
    logLevel: "warning",
  };
}
