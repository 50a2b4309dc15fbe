import type { TFunction } from 'i18next';
import type { SessionView } from '~/shared/contracts/sessions';
import { LOCALE_TAGS, type Locale } from '~/shared/locales';

/** Texts of the sessions list (docs/product.md §10 Sessions), in the page's locale. */

/** "Chrome on Android"; just the known part, or "Unknown device". */
export function deviceLabel(session: Pick<SessionView, 'browser' | 'os'>, t: TFunction): string {
  if (session.browser && session.os) return t('sessions.device', { browser: session.browser, os: session.os });
  return session.browser ?? session.os ?? t('sessions.unknown_device');
}

/** The country's name in the locale (CLDR via Intl.DisplayNames), or "unknown place". */
export function placeLabel(country: string | null, locale: Locale, t: TFunction): string {
  if (!country) return t('sessions.unknown_place');
  try {
    return new Intl.DisplayNames([LOCALE_TAGS[locale].tag], { type: 'region' }).of(country) ?? country;
  } catch {
    return country;
  }
}

/** A date and time in the locale ("21 Nov 2026, 12:00"). */
export function dateTimeLabel(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale].tag, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}
