import { useTranslation } from 'react-i18next';
import { getI18n } from '~/shared/i18n';
import type { Locale } from '~/shared/locales';
import { ensurePageMessages } from '../../stores/page';

/**
 * The `t` of the page's locale for an island. In the browser the messages come
 * from the page's boot data or the browser's 24-hour cache; on the server they
 * are registered at startup.
 */
export function useT(locale: Locale) {
  ensurePageMessages(locale, __AMORA_BUILD_ID__);
  return useTranslation(undefined, { i18n: getI18n(locale) }).t;
}
