import { atom, type ReadableAtom } from 'nanostores';
import type { ConsoleText } from '~/shared/console-i18n';
import { adminFailure } from './errors';

/** What a console view shows of data it loads: the last value, the failure's text, and whether a load runs. */
export interface LoadState<T> {
  data: T | null;
  error: ConsoleText | null;
  loading: boolean;
}

/** A console list or report store (docs/product.md §13): its state and the verbs that load it. */
export interface LoadStore<T, K> {
  $state: ReadableAtom<LoadState<T>>;
  /** Loads for `key` (the filters, page, …); a late answer of an older load is dropped. */
  load(key: K): Promise<void>;
  /** Loads the last key again (after a change, or "Try again"); nothing before the first load. */
  reload(): Promise<void>;
  /** Replaces the data shown (an optimistic change of one row); no load. */
  update(change: (data: T) => T): void;
}

/**
 * A store that loads `fetch(key)`: the previous data stays on screen while the next key loads,
 * a failure keeps it too and sets `error`, and only the newest load's answer counts.
 */
export function createLoadStore<T, K>(fetch: (key: K) => Promise<T>): LoadStore<T, K> {
  const $state = atom<LoadState<T>>({ data: null, error: null, loading: false });
  let ticket = 0;
  let lastKey: { key: K } | null = null;
  async function load(key: K): Promise<void> {
    lastKey = { key };
    const mine = ++ticket;
    $state.set({ ...$state.get(), loading: true });
    try {
      const data = await fetch(key);
      if (mine === ticket) $state.set({ data, error: null, loading: false });
    } catch (caught) {
      if (mine === ticket) $state.set({ ...$state.get(), error: adminFailure(caught), loading: false });
    }
  }
  return {
    $state,
    load,
    reload: () => (lastKey ? load(lastKey.key) : Promise.resolve()),
    update(change) {
      const { data } = $state.get();
      if (data !== null) $state.set({ ...$state.get(), data: change(data) });
    },
  };
}
