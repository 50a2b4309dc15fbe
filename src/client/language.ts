/**
 * The browser side of SPEC §1/§9 locales: the chosen language is kept 30 days
 * in local storage (besides the server's `i18n_redirected` cookie), and a
 * locale's messages (`GET /_i18n/{locale}/messages.json`) are cached 24 hours.
 * A failed load logs 'Failed to load messages for locale' and yields null so
 * the app carries on with the messages it has.
 */
import { MESSAGE_CACHE_MS } from '../shared/constants';
import type { MessageTree } from '../shared/i18n';
import { isLocale, type Locale } from '../shared/locales';

/** SPEC §9: language storage 30 days. */
export const LANGUAGE_STORAGE_MS = 30 * 24 * 60 * 60 * 1000;
const LANGUAGE_KEY = 'amora_language';
const messagesKey = (locale: Locale) => `amora_messages_${locale}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Stores the language the visitor chose (30 days); ignores anything that is not a locale. */
export function rememberLanguage(locale: string, now = Date.now()): void {
  if (!isLocale(locale)) return;
  storage()?.setItem(LANGUAGE_KEY, JSON.stringify({ locale, expires: now + LANGUAGE_STORAGE_MS }));
}

/** The remembered language, or null when none is stored or it is older than 30 days. */
export function rememberedLanguage(now = Date.now()): Locale | null {
  try {
    const kept = JSON.parse(storage()?.getItem(LANGUAGE_KEY) ?? 'null') as { locale: unknown; expires: number } | null;
    return kept && kept.expires > now && isLocale(kept.locale) ? kept.locale : null;
  } catch {
    return null;
  }
}

/**
 * A locale's message tree: from the 24-hour cache, else fetched (and cached).
 * Null when the load fails (logged, never thrown).
 */
export async function loadMessages(locale: Locale, now = Date.now(), fetcher: typeof fetch = fetch): Promise<MessageTree | null> {
  const store = storage();
  try {
    const cached = JSON.parse(store?.getItem(messagesKey(locale)) ?? 'null') as { messages: MessageTree; at: number } | null;
    if (cached && now - cached.at < MESSAGE_CACHE_MS) return cached.messages;
  } catch {
    // A broken cache entry is fetched again.
  }
  try {
    const response = await fetcher(`/_i18n/${locale}/messages.json`);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body = (await response.json()) as Record<string, MessageTree>;
    const messages = body[locale];
    if (!messages || typeof messages !== 'object') throw new Error('no messages in the answer');
    try {
      store?.setItem(messagesKey(locale), JSON.stringify({ messages, at: now }));
    } catch {
      // Storage full or blocked: the messages still serve this page.
    }
    return messages;
  } catch (error) {
    console.error('Failed to load messages for locale', locale, error);
    return null;
  }
}
