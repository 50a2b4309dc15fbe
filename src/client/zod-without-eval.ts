import { z } from 'zod';

/**
 * Runs before any island hydrates (astro.config.mjs injects it as a `before-hydration` script):
 * zod then never tries its `new Function` fast path, which the pages' Content-Security-Policy
 * refuses (no `'unsafe-eval'`, docs/architecture.md §3), so parsing causes no policy violation.
 */
z.config({ jitless: true });
