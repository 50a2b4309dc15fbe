import { createInstance, type i18n as I18n } from 'i18next';
import { DEFAULT_LOCALE, type Locale } from './locales';

/**
 * i18next instances, one per locale (never the global singleton; docs/architecture.md
 * §6 convention 11). Message trees are registered by the server (all locales)
 * or by the browser (the page's locale, from the inline boot data).
 */
export type MessageTree = { [key: string]: string | MessageTree };

const messagesByLocale = new Map<Locale, MessageTree>();
const instances = new Map<Locale, I18n>();

/** Registers (or replaces) the message tree of a locale. */
export function registerMessages(locale: Locale, messages: MessageTree): void {
  messagesByLocale.set(locale, messages);
  instances.delete(locale);
}

/** True when a locale's messages are registered. */
export function hasMessages(locale: Locale): boolean {
  return messagesByLocale.has(locale);
}

/**
 * The initialised i18next instance of a locale, falling back to English keys
 * when a translation is missing. Synchronous: resources are in memory.
 */
export function getI18n(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createInstance();
    const resources: Record<string, { translation: MessageTree }> = {};
    for (const [code, messages] of messagesByLocale) resources[code] = { translation: messages };
    void instance.init({
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      resources,
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    instances.set(locale, instance);
  }
  return instance;
}
