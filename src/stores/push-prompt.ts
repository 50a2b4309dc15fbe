import { map } from 'nanostores';

/**
 * What the push offer remembers in this browser (docs/product.md §5 rule): interest shown in this
 * session, a decline in this session, and the last decline. Kept apart from the subscription
 * state (./push.ts) because the likes and chat stores note interest on every page, while the
 * subscription code is only loaded for members.
 */

/** How long a "Not now" or "Skip for now" keeps the shell's push offer away on this device. */
export const PUSH_PROMPT_PAUSE_MS = 7 * 24 * 60 * 60 * 1000;
/** localStorage: when the offer was last declined (ms since epoch), for the once-a-week rule. */
export const PUSH_DISMISSED_AT_KEY = 'amora_push_prompt_dismissed_at';
/** sessionStorage: declined in this session, so never again in it. */
export const PUSH_DISMISSED_SESSION_KEY = 'amora_push_prompt_dismissed';
/** sessionStorage: the member showed interest (a like, a message sent) in this session. */
export const PUSH_INTEREST_KEY = 'amora_push_interest';

/** What the shell's push offer remembers about this browser; `loaded` is false until read (never on the server). */
export interface PushPromptMemory {
  loaded: boolean;
  dismissedAt: number | null;
  dismissedThisSession: boolean;
  interested: boolean;
}

export const $pushPrompt = map<PushPromptMemory>({
  loaded: false,
  dismissedAt: null,
  dismissedThisSession: false,
  interested: false,
});

/** The two browser storages the offer uses; injectable for tests. */
export interface PromptStorages {
  local: Pick<Storage, 'getItem' | 'setItem'> | null;
  session: Pick<Storage, 'getItem' | 'setItem'> | null;
}

function browserStorages(): PromptStorages {
  // Storage can be missing or throw (private modes, blocked cookies): the offer then just stays away.
  const open = (kind: 'localStorage' | 'sessionStorage') => {
    try {
      return typeof window === 'undefined' ? null : window[kind];
    } catch {
      return null;
    }
  };
  return { local: open('localStorage'), session: open('sessionStorage') };
}

function read(storage: PromptStorages['local'], key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage: PromptStorages['local'], key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // full or blocked storage: the store still holds the value for this page
  }
}

/**
 * The offer may show only after the member showed interest in this session,
 * never again in a session where it was declined, and at most once a week
 * after a decline.
 */
export function isPushPromptDue(memory: PushPromptMemory, now: number): boolean {
  if (!memory.loaded || !memory.interested || memory.dismissedThisSession) return false;
  return memory.dismissedAt === null || now - memory.dismissedAt >= PUSH_PROMPT_PAUSE_MS;
}

/** Reads the offer's memory from the browser storages (call once on the client). */
export function loadPushPromptMemory(storages: PromptStorages = browserStorages()): void {
  const at = Number(read(storages.local, PUSH_DISMISSED_AT_KEY));
  $pushPrompt.set({
    loaded: true,
    dismissedAt: Number.isFinite(at) && at > 0 ? at : null,
    dismissedThisSession: read(storages.session, PUSH_DISMISSED_SESSION_KEY) === '1',
    interested: read(storages.session, PUSH_INTEREST_KEY) === '1',
  });
}

/** The member declined the offer ("Not now", or "Skip for now" in the signup wizard). */
export function dismissPushPrompt(now: number = Date.now(), storages: PromptStorages = browserStorages()): void {
  write(storages.local, PUSH_DISMISSED_AT_KEY, String(now));
  write(storages.session, PUSH_DISMISSED_SESSION_KEY, '1');
  $pushPrompt.set({ ...$pushPrompt.get(), dismissedAt: now, dismissedThisSession: true });
}

/** The member did something that shows interest (liked someone, sent a message): the offer may follow. */
export function notePushInterest(storages: PromptStorages = browserStorages()): void {
  write(storages.session, PUSH_INTEREST_KEY, '1');
  $pushPrompt.setKey('interested', true);
}
