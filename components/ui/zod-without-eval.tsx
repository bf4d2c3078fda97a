"use client";

import { z } from "zod";

// zod compiles its object parsers with `new Function` where eval is allowed, and probes for it on the
// first parse. The pages' CSP allows no eval (lib/http/security-headers.ts), so in the browser that probe
// is a reported violation: zod is told up front to parse without compiling. Set when this module loads,
// before any form or table in the page parses anything.
z.config({ jitless: true });

/** Renders nothing: its module's load is what counts. In the root layout, so every page loads it. */
export function ZodWithoutEval() {
  return null;
}
