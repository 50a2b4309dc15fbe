// Vite plugin for the browser build (docs/architecture.md §3): every `import … from 'zod'` of
// browser code resolves to src/client/zod-browser.ts, which configures zod for the pages'
// Content-Security-Policy before any schema parses. The server keeps plain zod (and its faster
// compiled parsers).
import { fileURLToPath } from 'node:url';

const WRAPPER = fileURLToPath(new URL('../src/client/zod-browser.ts', import.meta.url));

/** @returns {import('vite').Plugin} */
export function zodInBrowser() {
  return {
    name: 'amora:zod-in-browser',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(id, importer) {
      if (id === 'zod' && importer !== WRAPPER) return WRAPPER;
      return null;
    },
  };
}
