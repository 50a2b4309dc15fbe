import { CONSOLE_LOCALE_TAGS, consoleT, type ConsoleLocale } from '~/shared/console-i18n';

/** Formatting of the console's Payments, Affiliates and Dashboard views (docs/product.md §13), in the console's language. */

/** A rate (0–1) as a percentage with one decimal ("20.0 %"), or "—" without one. */
export function formatPercent(rate: number | null): string {
  return rate === null ? '—' : `${(rate * 100).toFixed(1)} %`;
}

/** A whole number with thousands separators ("12,345" in English, "12.345" in German and Dutch). */
export function formatCount(locale: ConsoleLocale, value: number): string {
  return value.toLocaleString(CONSOLE_LOCALE_TAGS[locale]);
}

/** Today's UTC day and the one `days` before it (`YYYY-MM-DD`): the console's days are UTC days. */
export function utcDayBefore(days: number, from = new Date()): string {
  return new Date(from.getTime() - days * 86_400_000).toISOString().slice(0, 10);
}

/** The badge class of a transaction or postback status: failures stand out, unfinished ones are muted. */
export function statusBadgeClass(status: string): string {
  if (status === 'failed' || status === 'refunded') return 'admin-badge admin-badge-danger';
  if (status === 'open' || status === 'pending' || status === 'cancelled' || status === 'expired')
    return 'admin-badge admin-badge-muted';
  if (status === 'paid' || status === 'delivered' || status === 'active') return 'admin-badge admin-badge-success';
  return 'admin-badge';
}

/** Options of a filter select with "Any" (value '') first; `label` words a value (default: the value itself). */
export function anyOption(
  locale: ConsoleLocale,
  values: readonly string[],
  label: (value: string) => string = (value) => value,
): { value: string; label: string }[] {
  return [
    { value: '', label: consoleT(locale)('common.any') },
    ...values.map((value) => ({ value, label: label(value) })),
  ];
}

/** The site filter's options: "All sites" (value '') then each site by name. */
export function siteOptions(
  locale: ConsoleLocale,
  sites: { value: string; label: string }[],
): { value: string; label: string }[] {
  return [{ value: '', label: consoleT(locale)('common.all_sites') }, ...sites];
}
