/**
 * The browser side of docs/product.md §1/§7/§9 locales (./language-choice.ts keeps the chosen
 * language): a locale's messages are fetched from `/_i18n/{locale}/messages.json` (one address
 * per build) and cached 24 hours per build. The page's HTML never carries them: a first
 * visit's page preloads them beside its scripts, and while the cache holds the page's
 * build and locale the `amora_messages` cookie tells the server to leave out even the
 * preload. A failed load logs 'Failed to load messages for locale' and the app carries on
 * with message keys.
 */
import { MESSAGE_CACHE_MS, MESSAGES_COOKIE } from '~/shared/constants';
import type { MessageTree } from '~/shared/i18n';
import type { Locale } from '~/shared/locales';

const messagesKey = (locale: Locale) => `amora_messages_${locale}`;

interface CachedMessages {
  build: string;
  at: number;
  messages: MessageTree;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function setMessagesCookie(value: string, maxAgeS: number): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${MESSAGES_COOKIE}=${value};max-age=${maxAgeS};path=/;samesite=lax${location.protocol === 'https:' ? ';secure' : ''}`;
}

/**
 * Caches a locale's messages of a build for 24 hours and sets the cookie that
 * lets the server leave them out of pages. Storage full or blocked: no cookie.
 */
export function storeMessages(locale: Locale, build: string, messages: MessageTree, now = Date.now()): void {
  try {
    storage()?.setItem(messagesKey(locale), JSON.stringify({ build, at: now, messages } satisfies CachedMessages));
    setMessagesCookie(`${build}.${locale}`, Math.floor(MESSAGE_CACHE_MS / 1000));
  } catch {
    // Without the cache the pages keep carrying their messages.
  }
}

/** The cached messages of a locale and build, or null when absent, of another build or older than 24 hours. */
export function cachedMessages(locale: Locale, build: string, now = Date.now()): MessageTree | null {
  try {
    const cached = JSON.parse(storage()?.getItem(messagesKey(locale)) ?? 'null') as CachedMessages | null;
    return cached && cached.build === build && now - cached.at < MESSAGE_CACHE_MS ? cached.messages : null;
  } catch {
    return null;
  }
}

/** How long a messages request may take before the islands go on without them (ms). */
const MESSAGES_TIMEOUT_MS = 10_000;

/**
 * The address of a locale's messages for a build: the build in the query, so a browser never
 * keeps an older build's messages from its HTTP cache (the page's preload uses the same address).
 */
export function messagesAddress(locale: Locale, build: string): string {
  return `/_i18n/${locale}/messages.json?build=${encodeURIComponent(build)}`;
}

/**
 * A locale's messages: from the cache, else `GET messagesAddress(locale, build)`
 * (then cached). Null when the load fails or takes over 10 s (logged, never thrown).
 */
export async function loadMessages(
  locale: Locale,
  build: string,
  now = Date.now(),
  fetcher: typeof fetch = fetch,
): Promise<MessageTree | null> {
  const cached = cachedMessages(locale, build, now);
  if (cached) return cached;
  try {
    const response = await fetcher(messagesAddress(locale, build), {
      signal: AbortSignal.timeout(MESSAGES_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const messages = ((await response.json()) as Record<string, MessageTree>)[locale];
    if (!messages || typeof messages !== 'object') throw new Error('no messages in the answer');
    storeMessages(locale, build, messages, now);
    return messages;
  } catch (error) {
    console.error('Failed to load messages for locale', locale, error);
    return null;
  }
}

/**
 * The page's messages for its islands: from the cache, else fetched (the page preloaded them on a
 * first visit). An empty tree when they cannot be loaded (logged by loadMessages): the islands then
 * show message keys rather than not working at all.
 */
export async function pageMessages(
  locale: Locale,
  build: string,
  now = Date.now(),
  fetcher: typeof fetch = fetch,
): Promise<MessageTree> {
  return (await loadMessages(locale, build, now, fetcher)) ?? {};
}
