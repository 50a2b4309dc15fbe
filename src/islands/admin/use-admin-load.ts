import { useCallback, useEffect, useRef, useState } from 'react';
import { adminErrorText } from '~/client/admin-api';

/** What a console island shows while it loads data: the value, the error text, and a reload. */
export interface AdminLoad<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload(): void;
}

/**
 * Loads `load()` when `key` changes (a filter), keeping the previous data on screen while the
 * next loads; a late answer of an older key is dropped.
 */
export function useAdminLoad<T>(load: () => Promise<T>, key: string): AdminLoad<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  const latest = useRef(0);
  const loader = useRef(load);
  loader.current = load;
  useEffect(() => {
    const ticket = ++latest.current;
    setLoading(true);
    loader
      .current()
      .then((value) => {
        if (ticket !== latest.current) return;
        setData(value);
        setError(null);
      })
      .catch((caught: unknown) => {
        if (ticket === latest.current) setError(adminErrorText(caught));
      })
      .finally(() => {
        if (ticket === latest.current) setLoading(false);
      });
  }, [key, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { data, error, loading, reload };
}

/** "3 h 12 min", "45 s", "2 d 4 h": a duration in seconds as an operator reads it. */
export function formatAge(seconds: number): string {
  if (seconds < 60) return `${Math.max(0, Math.round(seconds))} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** A timestamp as the console shows it: local date and time, to the minute. */
export function formatTime(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}
