// Bundles server.ts, the production server, into .next/custom-server.js (after `next build`, which
// empties .next/). Our code is bundled with the `@/` paths of tsconfig.json resolved; packages stay in
// node_modules, loaded as `next start` loads them. Beside it, the worker threads' bundle
// (lib/offload/worker-bundle.ts).
import path from "node:path";
import { build } from "esbuild";
import { BUILT_WORKER, workerBuildOptions } from "../lib/offload/worker-bundle";

const root = path.resolve(import.meta.dirname, "..");

const server = build({
  absWorkingDir: root,
  entryPoints: ["server.ts"],
  outfile: ".next/custom-server.js",
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node20",
  packages: "external",
  tsconfig: "tsconfig.json",
  sourcemap: "linked",
  // Before any module reads it, as `next start` does.
  banner: { js: 'process.env.NODE_ENV ??= "production";' },
  logLevel: "warning",
});

const worker = build({ ...workerBuildOptions(root), outfile: BUILT_WORKER, sourcemap: "linked" });

Promise.all([server, worker]).then(
  () => console.log(`[build] wrote .next/custom-server.js and ${BUILT_WORKER}`),
  () => process.exit(1),
);
