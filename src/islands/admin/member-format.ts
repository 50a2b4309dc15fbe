/** Formatting of the console's member views (docs/product.md §13 Members): plain English, no i18n. */

/** An amount in cents of `currency` ("€24.99"). */
export function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** A date without the time ("21 Nov 2026"). */
export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'medium' });
}

/** A signed number of credits ("+20", "−5"). */
export function formatDelta(delta: number): string {
  return `${delta >= 0 ? '+' : '−'}${Math.abs(delta).toLocaleString('en-GB')}`;
}

/** What a credit ledger reason means (docs/architecture.md §6 convention 12: the reasons the app writes). */
export function ledgerReasonText(reason: string): string {
  const [kind, ...rest] = reason.split(':');
  const detail = rest.join(':');
  switch (kind) {
    case 'welcome':
      return 'Welcome credits';
    case 'message':
      return `Message (conversation #${detail})`;
    case 'dev_reset':
      return 'Reset in the developer panel';
    case 'purchase':
      return `Purchase: ${detail}`;
    case 'refund':
      return `Refund: ${detail}`;
    case 'chargeback':
      return `Chargeback: ${detail}`;
    case 'debt_settled':
      return 'Debt settled by a purchase';
    case 'adjustment':
      return `Support adjustment: ${detail}`;
    default:
      return reason;
  }
}

/** The error code of a failed console call (`conflict`, `rate_limited`, …), or null. */
export function failureCode(error: unknown): string | null {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : null;
}
