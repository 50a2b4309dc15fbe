import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { CONSOLE_LOCALE_TAGS, consoleT, type ConsoleLocale, type ConsoleText } from '~/shared/console-i18n';
import { createActionStore, type ActionStore } from '../../stores/admin/action';
import { createLoadStore, type LoadState } from '../../stores/admin/load';

/** What a console island shows while it loads data: the value, the error, and a reload. */
export interface AdminLoad<T> extends LoadState<T> {
  reload(): void;
  /** Changes the data shown without a load (one row after an action). */
  update(change: (data: T) => T): void;
}

/**
 * Binds a load store (src/stores/admin/load.ts) to an island: `fetch(key)` runs when `key` (the
 * filters, compared as JSON) changes, keeping the previous data on screen while the next loads.
 * `loading` is true before the first answer, also during server rendering.
 */
export function useAdminLoad<T, K>(fetch: (key: K) => Promise<T>, key: K): AdminLoad<T> {
  const [store] = useState(() => createLoadStore(fetch));
  const state = useStore(store.$state);
  const keyText = JSON.stringify(key) ?? '';
  useEffect(() => {
    void store.load((keyText ? JSON.parse(keyText) : undefined) as K);
  }, [store, keyText]);
  return {
    ...state,
    loading: state.loading || (state.data === null && state.error === null),
    reload: () => void store.reload(),
    update: store.update,
  };
}

/** An island's own action store (src/stores/admin/action.ts) and its current state. */
export function useAdminAction(): ActionStore & { busy: boolean; error: ConsoleText | null } {
  const [store] = useState(createActionStore);
  const state = useStore(store.$state);
  return { ...store, ...state };
}

/** "3 h 12 min", "45 s", "2 d 4 h": a duration in seconds as an operator reads it, in the console's language. */
export function formatAge(locale: ConsoleLocale, seconds: number): string {
  const t = consoleT(locale);
  if (seconds < 60) return t('time.seconds', { s: Math.max(0, Math.round(seconds)) });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('time.minutes', { m: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('time.hours', { h: hours, m: minutes % 60 });
  return t('time.days', { d: Math.floor(hours / 24), h: hours % 24 });
}

/** A timestamp as the console shows it: local date and time, to the minute. */
export function formatTime(locale: ConsoleLocale, iso: string): string {
  return new Date(iso).toLocaleString(CONSOLE_LOCALE_TAGS[locale], { dateStyle: 'medium', timeStyle: 'short' });
}
