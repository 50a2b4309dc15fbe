import { loadConfig } from '../config';
import { createDiskStore, findStaticDir, type PrerenderedStore } from './prerendered-store';

let store: PrerenderedStore | null = null;

/**
 * The process's store of pre-rendered pages: `STATIC_DIR`, else the `client`
 * folder beside the running server bundle.
 * @throws Error when neither exists (a server started without a build).
 */
export function getPrerenderedStore(): PrerenderedStore {
  if (store) return store;
  const dir = loadConfig(process.env).staticDir ?? findStaticDir(import.meta.url);
  if (!dir) throw new Error('No static folder: set STATIC_DIR or serve a build (npm start)');
  store = createDiskStore(dir);
  return store;
}
