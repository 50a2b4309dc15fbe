/** Formatting of the console's Payments, Affiliates and Dashboard views (docs/product.md §13): plain English, no i18n. */

/** A rate (0–1) as a percentage with one decimal ("20.0 %"), or "—" without one. */
export function formatPercent(rate: number | null): string {
  return rate === null ? '—' : `${(rate * 100).toFixed(1)} %`;
}

/** A whole number with thousands separators ("12,345"). */
export function formatCount(value: number): string {
  return value.toLocaleString('en-GB');
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

/** Options of a filter select with "Any" (value '') first. */
export function anyOption(values: readonly string[], any = 'Any'): { value: string; label: string }[] {
  return [{ value: '', label: any }, ...values.map((value) => ({ value, label: value }))];
}

/** The site filter's options: "All sites" (value '') then each site by name. */
export function siteOptions(
  sites: { value: string; label: string }[],
  all = 'All sites',
): { value: string; label: string }[] {
  return [{ value: '', label: all }, ...sites];
}

/** The error code of a failed console call (`ApiError.code`), or null for anything else. */
export function errorCodeOf(error: unknown): string | null {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : null;
}
