/**
 * The language a visitor chose in the language switcher, kept 30 days in local storage
 * (docs/product.md §9, language storage; the server's `i18n_redirected` cookie decides the
 * page's locale). No imports: the switcher's script runs on every page, content pages included,
 * and anything shared with the app shell would bring the shell's JavaScript along.
 */

/** docs/product.md §9: language storage 30 days (ms). */
export const LANGUAGE_STORAGE_MS = 30 * 24 * 60 * 60 * 1000;
const LANGUAGE_KEY = 'amora_language';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * Stores `locale` for 30 days when it is one of `offered` (the switcher's options); anything else
 * is ignored. Full or blocked storage: nothing is kept, nothing is thrown.
 */
export function rememberLanguage(locale: string, offered: readonly string[], now = Date.now()): void {
  if (!offered.includes(locale)) return;
  try {
    storage()?.setItem(LANGUAGE_KEY, JSON.stringify({ locale, expires: now + LANGUAGE_STORAGE_MS }));
  } catch {
    // the choice still reaches the server's cookie through the form
  }
}

/** The remembered language when it is one of `offered` and younger than 30 days, else null. */
export function rememberedLanguage(offered: readonly string[], now = Date.now()): string | null {
  try {
    const kept = JSON.parse(storage()?.getItem(LANGUAGE_KEY) ?? 'null') as { locale: unknown; expires: number } | null;
    return kept && kept.expires > now && typeof kept.locale === 'string' && offered.includes(kept.locale)
      ? kept.locale
      : null;
  } catch {
    return null;
  }
}
