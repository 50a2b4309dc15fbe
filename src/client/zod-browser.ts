import { z } from 'zod/v4';

/**
 * What `import … from 'zod'` means in the browser build (scripts/zod-in-browser.mjs points it
 * here): zod itself, told never to try its `new Function` fast path, which the pages'
 * Content-Security-Policy refuses (no `'unsafe-eval'`, docs/architecture.md §3). Being the module
 * every browser import of zod goes through, the setting is made before any schema can parse, and
 * pages that parse nothing in the browser load none of it.
 */
z.config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
