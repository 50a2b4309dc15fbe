import { atom, type ReadableAtom } from 'nanostores';
import type { ConsoleText } from '~/shared/console-i18n';
import { adminFailure } from './errors';

/** A console form or button's call in flight: busy while it runs, the failure's text after one. */
export interface ActionState {
  busy: boolean;
  error: ConsoleText | null;
}

/** A console action store (log-in step, refund, suspension, …; docs/product.md §13). */
export interface ActionStore {
  $state: ReadableAtom<ActionState>;
  /**
   * Runs `action` unless one runs already: busy meanwhile, then the error's text on failure
   * (`errorText` may word it more precisely). Resolves with the action's value, or null when it
   * failed or did not start; never throws.
   */
  run<T>(action: () => Promise<T>, errorText?: (error: unknown) => ConsoleText | null): Promise<T | null>;
  /** Shows a text as the error without a call (a form checked before sending). */
  fail(text: ConsoleText): void;
  /** Clears the error (the form was closed or cancelled). */
  reset(): void;
}

/** A new action store, idle and without error. */
export function createActionStore(): ActionStore {
  const $state = atom<ActionState>({ busy: false, error: null });
  return {
    $state,
    async run(action, errorText) {
      if ($state.get().busy) return null;
      $state.set({ busy: true, error: null });
      try {
        const value = await action();
        $state.set({ busy: false, error: null });
        return value;
      } catch (caught) {
        $state.set({ busy: false, error: errorText?.(caught) ?? adminFailure(caught) });
        return null;
      }
    },
    fail: (text) => $state.set({ busy: false, error: text }),
    reset: () => $state.set({ busy: false, error: null }),
  };
}
