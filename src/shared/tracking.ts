/**
 * The tracking record (docs/product.md §3): the one place for its fields, how
 * it is read from a URL, stored (cookie value) and read back, and which traffic
 * source wins. Plain TypeScript without zod: the lander script bundles this
 * module and must stay tiny. Reading and writing the cookie itself is
 * `src/server/http/tracking-cookie.ts` (server) and the lander script (browser).
 */
import { TRACKING_VALUE_MAX } from './constants';

/** First-party cookie that carries the tracking record from a lander into signup (docs/product.md §3). */
export const TRACKING_COOKIE = 'amora_tracking';

/** docs/product.md §3 Tracking record lifetime: 30 days (seconds). */
export const TRACKING_MAX_AGE_S = 30 * 24 * 60 * 60;

/**
 * Query parameters a lander reads into the tracking record (docs/product.md §3), with common
 * click-id aliases; `lander` (the design) and `variant` (`{experiment}:{variant}`) are written by
 * the lander entry link (docs/product.md §12 Lander experiments).
 */
export const TRACKING_PARAMS = ['network', 'ref', 'sub1', 'sub2', 'sub3', 'clickid', 'lander', 'variant'] as const;
export type TrackingField = (typeof TRACKING_PARAMS)[number];

/** docs/product.md §3 Tracking record: network, ref, sub1, sub2, sub3 (+ an optional click id, lander and variant); only fields with a value are present. */
export type TrackingRecordValue = { [field in TrackingField]?: string };

/** Other query parameters a field is read from, after its own name (first found wins). */
const ALIASES: Partial<Record<TrackingField, string[]>> = {
  network: ['trafficsource'],
  clickid: ['click_id', 'transaction_id', 'cid', 'aff_sub'],
};

/**
 * The tracking record carried by a URL's query (`network`, `ref`, `sub1`–`sub3`,
 * a click id, `lander`, `variant`), or null when it carries none. `trafficsource` counts as
 * `network` (the signup payload's name for it). Values are trimmed and cut to
 * TRACKING_VALUE_MAX characters.
 */
export function trackingFromSearchParams(params: URLSearchParams): TrackingRecordValue | null {
  let record: TrackingRecordValue | null = null;
  for (const field of TRACKING_PARAMS) {
    const value = [field, ...(ALIASES[field] ?? [])].map((name) => params.get(name)?.trim()).find(Boolean);
    if (value) (record ??= {})[field] = value.slice(0, TRACKING_VALUE_MAX);
  }
  return record;
}

/** `href` with the tracking record's values as query parameters (a CTA into /signup). */
export function withTracking(href: string, record: TrackingRecordValue | null): string {
  if (!record) return href;
  const [path, query = ''] = href.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  for (const name of TRACKING_PARAMS) {
    const value = record[name];
    if (value) params.set(name, value);
  }
  return `${path}?${params}`;
}

/** The tracking cookie's value for a record (JSON; the cookie layer URL-encodes it). */
export function trackingCookieValue(record: TrackingRecordValue): string {
  return JSON.stringify(record);
}

/**
 * Parses the tracking cookie's (decoded) JSON value. Only the record's fields
 * are kept: strings, trimmed, 1–TRACKING_VALUE_MAX characters (anything else
 * is dropped, not cut: the cookie is not ours to repair).
 * @returns the record, or null when absent, malformed or without any field.
 */
export function parseTrackingCookie(raw: string | undefined): TrackingRecordValue | null {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  let record: TrackingRecordValue | null = null;
  for (const field of TRACKING_PARAMS) {
    const value = (parsed as Record<string, unknown>)[field];
    const trimmed = typeof value === 'string' ? value.trim() : '';
    if (trimmed.length > 0 && trimmed.length <= TRACKING_VALUE_MAX) (record ??= {})[field] = trimmed;
  }
  return record;
}

/**
 * The visitor's traffic source (docs/product.md §5 signups and logged-out search):
 * the current URL's `network` first, then the one of the record a lander stored.
 */
export function trafficSourceOf(
  fromUrl: TrackingRecordValue | null,
  stored: TrackingRecordValue | null,
): string | null {
  return fromUrl?.network ?? stored?.network ?? null;
}

/** The fields of a click (the ones before `lander` and `variant`). */
const CLICK_FIELDS = TRACKING_PARAMS.slice(0, 6);

/**
 * The record to keep after a visit (docs/product.md §3, §12): a URL that carries a click (any
 * of network, ref, sub1–3, click id) replaces the stored record (the last click counts); a URL
 * with only `lander`/`variant` updates those on the stored record, so an earlier network is kept.
 */
export function mergeTracking(
  fromUrl: TrackingRecordValue | null,
  stored: TrackingRecordValue | null,
): TrackingRecordValue | null {
  if (!fromUrl) return stored;
  if (CLICK_FIELDS.some((field) => fromUrl[field])) return fromUrl;
  return { ...stored, ...fromUrl };
}
