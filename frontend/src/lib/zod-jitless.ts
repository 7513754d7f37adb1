import type { $ZodConfig } from 'zod/v4/core';

declare global {
  var __zod_globalConfig: $ZodConfig | undefined;
}

// Zod compiles object parsers with `new Function` where it may, and probes for that once. The site's
// Content-Security-Policy allows no eval, and the browser reports even that caught probe as a violation.
// Imported first by main.tsx and islands.tsx, so no schema is built before. Zod keeps its configuration in this global
// (zod/v4/core/core.js) and adopts one set before it loads; setting it here, rather than calling z.config,
// keeps zod out of the scripts of pages that validate nothing.
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
