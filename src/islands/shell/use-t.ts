import { useTranslation } from 'react-i18next';
import { getI18n } from '~/shared/i18n';
import type { Locale } from '~/shared/locales';
import { preparePageMessages } from '../../stores/page';

// Every island renders through useT, so loading this module waits for the page's messages (the
// browser's cache, else the request the page preloaded): no island hydrates without its texts.
await preparePageMessages(__AMORA_BUILD_ID__);

/**
 * The `t` of the page's locale for an island. In the browser the messages come
 * from the browser's 24-hour cache or the page's preloaded request; on the server
 * they are registered at startup.
 */
export function useT(locale: Locale) {
  return useTranslation(undefined, { i18n: getI18n(locale) }).t;
}
