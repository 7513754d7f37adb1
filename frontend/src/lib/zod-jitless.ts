import { z } from 'zod';

// Zod compiles object parsers with `new Function` where it may, and probes for that once. The site's
// Content-Security-Policy allows no eval, and the browser reports even that caught probe as a violation.
// Imported first by main.tsx, so no schema is built before.
z.config({ jitless: true });
