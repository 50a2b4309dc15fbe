// `npm run serve` (and `npm start` after its build and seed): serves the build in `dist/` (or
// AMORA_OUT_DIR) with the node adapter's standalone server on $HOST:$PORT, behind the request
// method check of method-guard.mjs (a TRACE is a 405, not the adapter's 500), with
// `X-Content-Type-Options: nosniff` on every answer, static files included.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { guardRequestMethods } from './method-guard.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(path.resolve(root, process.env.AMORA_OUT_DIR ?? 'dist'), 'server', 'entry.mjs');

// The entry starts its server on import unless told not to; started here, its server is ours to guard.
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { startServer } = await import(pathToFileURL(entry).href);
const { server, done } = startServer();
// Synchronously after listen(): no request can have arrived yet.
guardRequestMethods(server.server);
// The adapter sends static files (/_astro/*.js, icons, GIFs) before any app code runs: the
// header every answer carries (docs/architecture.md §3) is set here first, for those too.
server.server.prependListener('request', (_req, res) => res.setHeader('X-Content-Type-Options', 'nosniff'));
done.catch((error) => {
  console.error(error);
  process.exit(1);
});
