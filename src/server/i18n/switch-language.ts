import { isLocale, type Locale } from '~/shared/locales';
import { safeNextPath } from '~/shared/rules/safe-next';

/** Where the language switcher sends the visitor, and the locale to remember (null: keep the current one). */
export interface LanguageSwitch {
  location: string;
  locale: Locale | null;
}

/**
 * The language switcher's target (docs/product.md §1, §9): a known `locale` is to
 * be remembered; the visitor goes back to `next` (a path on this site only,
 * else `/`). An unknown locale changes nothing.
 */
export function languageSwitch(locale: string | null, next: string | null): LanguageSwitch {
  return { location: safeNextPath(next, '/'), locale: isLocale(locale) ? locale : null };
}
