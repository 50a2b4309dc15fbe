import { createInstance, type i18n as I18n, type TFunction } from 'i18next';
import de from '../../locales/console/de.json';
import en from '../../locales/console/en.json';
import nl from '../../locales/console/nl.json';

/**
 * The operator console's texts (docs/product.md §13 Console language): its own message files
 * `locales/console/{en,de,nl}.json`, bundled with the console's islands (they are small and the
 * console is not the member app: no per-build message download). One i18next instance per locale,
 * never the global singleton (docs/architecture.md §6 convention 11).
 */
export const CONSOLE_LOCALES = ['en', 'de', 'nl'] as const;
export type ConsoleLocale = (typeof CONSOLE_LOCALES)[number];
export const DEFAULT_CONSOLE_LOCALE: ConsoleLocale = 'en';

/** The BCP 47 tag used to format the console's dates and numbers per locale (English as in Britain: "21 Nov 2026"). */
export const CONSOLE_LOCALE_TAGS: Record<ConsoleLocale, string> = { en: 'en-GB', de: 'de-DE', nl: 'nl-NL' };

/** True when `value` is one of the console's locales. */
export function isConsoleLocale(value: unknown): value is ConsoleLocale {
  return typeof value === 'string' && (CONSOLE_LOCALES as readonly string[]).includes(value);
}

/** A translation of the console: a message key and its interpolation values. */
export interface ConsoleText {
  key: string;
  values?: Record<string, string | number>;
}

const resources = { en: { translation: en }, de: { translation: de }, nl: { translation: nl } };
const instances = new Map<ConsoleLocale, I18n>();

/** The console's `t` for a locale (English for a missing key). Synchronous: the messages are bundled. */
export function consoleT(locale: ConsoleLocale): TFunction {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createInstance();
    void instance.init({
      lng: locale,
      fallbackLng: DEFAULT_CONSOLE_LOCALE,
      resources,
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    instances.set(locale, instance);
  }
  return instance.t;
}

/** A ConsoleText in words. */
export function consoleText(locale: ConsoleLocale, text: ConsoleText): string {
  return consoleT(locale)(text.key, text.values ?? {});
}
