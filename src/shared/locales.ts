/**
 * The seven supported locales (docs/product.md §1) with their BCP 47 tag and GIF-service locale.
 */
export const LOCALES = ['en', 'nl', 'de', 'it', 'fr', 'es', 'pl'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const LOCALE_TAGS: Record<Locale, { tag: string; gif: string; label: string }> = {
  en: { tag: 'en-US', gif: 'en_US', label: 'English' },
  nl: { tag: 'nl-NL', gif: 'nl_NL', label: 'Nederlands' },
  de: { tag: 'de-DE', gif: 'de_DE', label: 'Deutsch' },
  it: { tag: 'it-IT', gif: 'it_IT', label: 'Italiano' },
  fr: { tag: 'fr-FR', gif: 'fr_FR', label: 'Français' },
  es: { tag: 'es-ES', gif: 'es_ES', label: 'Español' },
  pl: { tag: 'pl-PL', gif: 'pl_PL', label: 'Polski' },
};

/** True when `value` is one of the supported locale codes. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
