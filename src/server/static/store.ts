import { getConfig } from '../config';
import { createDiskStore, createFetchStore, findStaticDir, type PrerenderedStore } from './prerendered-store';

let store: PrerenderedStore | null = null;

/**
 * The process's store of pre-rendered pages: `STATIC_DIR`, else the `client`
 * folder beside the running server bundle. Without a build (`npm run dev`)
 * the pages are asked from `origin`, the dev server that renders them.
 */
export function getPrerenderedStore(origin: string): PrerenderedStore {
  if (store) return store;
  const dir = getConfig().staticDir ?? findStaticDir(import.meta.url);
  if (!dir) return createFetchStore(origin);
  store = createDiskStore(dir);
  return store;
}
