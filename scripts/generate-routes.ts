// Writes lib/http/routes.generated.ts, the table of app/api/v1 route files the production server
// (server.ts) dispatches to. Run by `npm run routes` and `npm run build`.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { GENERATED_ROUTES_FILE, listApiRouteFiles, renderRoutesModule } from "../lib/http/route-files";

const root = path.resolve(import.meta.dirname, "..");
const target = path.join(root, GENERATED_ROUTES_FILE);
const files = listApiRouteFiles(root);
const source = renderRoutesModule(files);
let current = "";
try {
  current = readFileSync(target, "utf8");
} catch {
  // not written yet
}
if (current === source) {
  console.log(`[routes] ${GENERATED_ROUTES_FILE} is up to date (${files.length} route files)`);
} else {
  writeFileSync(target, source);
  console.log(`[routes] wrote ${GENERATED_ROUTES_FILE} (${files.length} route files)`);
}
