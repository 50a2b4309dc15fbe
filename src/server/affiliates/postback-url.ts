import { POSTBACK_MACROS, type PostbackMacro } from '../platform/sites/affiliates-config';

/** The values of a postback's macros; a missing one renders as an empty text. */
export type MacroValues = Partial<Record<PostbackMacro, string>>;

/**
 * A network's postback URL template with its macros filled in (docs/product.md §12 Postbacks):
 * each `{macro}` becomes its URL-encoded value (`encodeURIComponent`), an absent value becomes
 * empty. Templates are checked at start (affiliates-config.ts), so every macro here is known.
 */
export function renderPostbackUrl(template: string, values: MacroValues): string {
  return template.replace(/\{([a-z0-9_]+)\}/g, (whole, name: string) =>
    (POSTBACK_MACROS as readonly string[]).includes(name)
      ? encodeURIComponent(values[name as PostbackMacro] ?? '')
      : whole,
  );
}

/**
 * A postback URL fit for a log line or the console: scheme, host and path, with every query
 * value replaced by `***` (networks put their tokens and our values there). A URL that does
 * not parse becomes `[unparsable url]`.
 */
export function maskPostbackUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '[unparsable url]';
  }
  const names = [...parsed.searchParams.keys()];
  const query = names.length > 0 ? `?${names.map((name) => `${encodeURIComponent(name)}=***`).join('&')}` : '';
  return `${parsed.origin}${parsed.pathname}${query}`;
}

/** Cents as a decimal amount with two places (`1999` → `19.99`), as networks expect `{amount}` and `{payout}`. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
