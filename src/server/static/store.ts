import { getConfig } from '../config';
import { createDiskStore, createFetchStore, findStaticDir, type PrerenderedStore } from './prerendered-store';

let store: PrerenderedStore | null = null;

/**
 * The process's store of pre-rendered pages: `STATIC_DIR`, else the `client`
 * folder beside the running server bundle. Without a build (`npm run dev`)
 * the pages are asked from the dev server that renders them, at its own loopback address
 * (`http://localhost:{PORT}`; never the request's host, which the caller chooses).
 */
export function getPrerenderedStore(): PrerenderedStore {
  if (store) return store;
  const config = getConfig();
  const dir = config.staticDir ?? findStaticDir(import.meta.url);
  if (!dir) return createFetchStore(`http://localhost:${config.port}`);
  store = createDiskStore(dir);
  return store;
}
