import { RELOAD_GUARD_MS } from '~/shared/constants-shell';

const KEY = 'amora_last_reload';

/**
 * Reloads the page unless it was reloaded by this guard in the last 10 s
 * (docs/product.md §9 page-reload guard), so a broken update cannot loop.
 * @returns true when a reload was started.
 */
export function guardedReload(
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
  now: number = Date.now(),
  reload: () => void = () => window.location.reload(),
): boolean {
  const last = Number(storage.getItem(KEY) ?? '0');
  if (now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(KEY, String(now));
  reload();
  return true;
}
