import { useEffect, useRef } from 'react';

/**
 * Keeps what someone typed before the island hydrated: on mount, copies the
 * current values of the form's named inputs into state via `apply`.
 */
export function usePrefilledInputs<K extends string>(
  names: readonly K[],
  apply: (values: Partial<Record<K, string>>) => void,
) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const values: Partial<Record<K, string>> = {};
    for (const name of names) {
      const element = form.elements.namedItem(name);
      if (element instanceof HTMLInputElement && element.value !== '') values[name] = element.value;
    }
    if (Object.keys(values).length > 0) apply(values);
    // Runs once: later changes flow through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return formRef;
}
