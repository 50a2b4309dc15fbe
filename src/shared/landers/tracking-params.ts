import { TRACKING_VALUE_MAX } from '../constants';
import type { TrackingRecordValue } from '../contracts/tracking';

/** Query parameters a lander reads into the tracking record (docs/product.md §3), with common click-id aliases. */
export const TRACKING_PARAMS = ['network', 'ref', 'sub1', 'sub2', 'sub3', 'clickid'] as const;
/** Each record field and the query parameters it is read from, first found wins. */
const SOURCES: [(typeof TRACKING_PARAMS)[number], string[]][] = [
  ['network', ['network', 'trafficsource']],
  ['ref', ['ref']],
  ['sub1', ['sub1']],
  ['sub2', ['sub2']],
  ['sub3', ['sub3']],
  ['clickid', ['clickid', 'click_id', 'transaction_id', 'cid']],
];

/**
 * The tracking record carried by a URL's query (`network`, `ref`, `sub1`–`sub3`,
 * a click id), or null when it carries none. `trafficsource` counts as
 * `network` (the signup payload's name for it). Values are trimmed and cut to
 * TRACKING_VALUE_MAX characters.
 */
export function trackingFromSearchParams(params: URLSearchParams): TrackingRecordValue | null {
  let record: TrackingRecordValue | null = null;
  for (const [field, names] of SOURCES) {
    const value = names.map((name) => params.get(name)?.trim()).find(Boolean);
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
  return `${path}?${params.toString()}`;
}
