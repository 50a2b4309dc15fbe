import { CONSOLE_LOCALE_TAGS, consoleT, type ConsoleLocale } from '~/shared/console-i18n';

/** Formatting of the console's member and money views (docs/product.md §13 Members), in the console's language. */

/** An amount in cents of `currency` ("€24.99" in English, "24,99 €" in German). */
export function formatMoney(locale: ConsoleLocale, cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat(CONSOLE_LOCALE_TAGS[locale], { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** A date without the time ("21 Nov 2026"). */
export function formatDay(locale: ConsoleLocale, iso: string): string {
  return new Date(iso).toLocaleDateString(CONSOLE_LOCALE_TAGS[locale], { dateStyle: 'medium' });
}

/** A signed number of credits ("+20", "−5"). */
export function formatDelta(locale: ConsoleLocale, delta: number): string {
  return `${delta >= 0 ? '+' : '−'}${Math.abs(delta).toLocaleString(CONSOLE_LOCALE_TAGS[locale])}`;
}

/** The credit ledger reasons the app writes (docs/architecture.md §6 convention 12), each a `ledger.*` text. */
const LEDGER_REASONS = [
  'welcome',
  'message',
  'dev_reset',
  'purchase',
  'refund',
  'chargeback',
  'debt_settled',
  'adjustment',
] as const;

/** What a credit ledger reason (`kind:detail`) means; an unknown reason as written. */
export function ledgerReasonText(locale: ConsoleLocale, reason: string): string {
  const [kind, ...rest] = reason.split(':');
  if (!(LEDGER_REASONS as readonly string[]).includes(kind ?? '')) return reason;
  return consoleT(locale)(`ledger.${kind}`, { detail: rest.join(':') });
}

/** A status value (transaction, postback, plan) in words; an unknown value as it is. */
export function statusText(locale: ConsoleLocale, status: string): string {
  return consoleT(locale)(`status.${status}`, { defaultValue: status });
}
