import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';
import { useEffect, useState } from 'react';

/**
 * A store's value that renders `serverValue` until this island has hydrated, then follows the
 * store. Stores shared across islands may change in the browser (another island hydrated first
 * and, say, read the push permission) before this island hydrates; rendering the store at once
 * would then differ from the server's HTML and React would throw a hydration mismatch.
 */
export function useHydratedStore<T>(store: ReadableAtom<T>, serverValue: T): T {
  const value = useStore(store);
  return useHydrated() ? value : serverValue;
}

/** False on the server and in the island's first (hydrating) render, true from then on. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
