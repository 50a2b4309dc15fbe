import type { TrackingRecordValue } from '../contracts/tracking';

/** Query parameters a lander reads into the tracking record (SPEC §3), with common click-id aliases. */
export const TRACKING_PARAMS = ['network', 'ref', 'sub1', 'sub2', 'sub3', 'clickid'] as const;
const CLICK_ID_ALIASES = ['clickid', 'click_id', 'transaction_id', 'cid'];
/** Longest value kept (characters); longer values are cut, as the tracking contract allows 200. */
export const TRACKING_VALUE_MAX = 200;

/**
 * The tracking record carried by a URL's query (`network`, `ref`, `sub1`–`sub3`,
 * a click id), or null when it carries none. `trafficsource` counts as
 * `network` (the signup payload's name for it).
 */
export function trackingFromSearchParams(params: URLSearchParams): TrackingRecordValue | null {
  const pick = (...names: string[]) => {
    for (const name of names) {
      const value = params.get(name)?.trim();
      if (value) return value.slice(0, TRACKING_VALUE_MAX);
    }
    return undefined;
  };
  const record: TrackingRecordValue = {
    network: pick('network', 'trafficsource'),
    ref: pick('ref'),
    sub1: pick('sub1'),
    sub2: pick('sub2'),
    sub3: pick('sub3'),
    clickid: pick(...CLICK_ID_ALIASES),
  };
  const present = Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
  return Object.keys(present).length > 0 ? (present as TrackingRecordValue) : null;
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
