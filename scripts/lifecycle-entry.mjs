// Vite plugin for the server build (docs/architecture.md §3 Starting, health and restarts): emits
// src/server/lifecycle/serve-entry.ts as `dist/server/lifecycle.mjs`, a second entry beside the
// adapter's `entry.mjs`. The adapter exports only its request handler, and the app's own modules
// load lazily with the middleware on the first request; scripts/serve.mjs imports this entry to
// start the app (configuration, site files, database, migrations, jobs) before it listens, ask its
// readiness and drain it. The bundler puts every module the two entries share (app.ts, the context)
// in shared chunks, so both see the same process-wide context.
import { fileURLToPath } from 'node:url';

const ENTRY = fileURLToPath(new URL('../src/server/lifecycle/serve-entry.ts', import.meta.url));
/** The file scripts/serve.mjs imports, relative to the build's `server/` folder. */
export const LIFECYCLE_FILE = 'lifecycle.mjs';

/** @returns {import('vite').Plugin} */
export function lifecycleEntry() {
  return {
    name: 'amora:lifecycle-entry',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    buildStart() {
      this.emitFile({ type: 'chunk', id: ENTRY, fileName: LIFECYCLE_FILE, preserveSignature: 'strict' });
    },
  };
}
