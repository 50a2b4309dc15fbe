import { z } from 'zod';
import { TRACKING_VALUE_MAX } from '../constants';

/** First-party cookie that carries the tracking record from a lander into signup (docs/product.md §3). */
export const TRACKING_COOKIE = 'amora_tracking';

const value = z.string().trim().min(1).max(TRACKING_VALUE_MAX).optional().catch(undefined);

/** docs/product.md §3 Tracking record: network, ref, sub1, sub2, sub3 (+ an optional click id). */
export const trackingRecordSchema = z.object({
  network: value,
  ref: value,
  sub1: value,
  sub2: value,
  sub3: value,
  clickid: value,
});
export type TrackingRecordValue = z.infer<typeof trackingRecordSchema>;

/** Parses the tracking cookie's JSON; null when absent, malformed or empty. */
export function parseTrackingCookie(raw: string | undefined): TrackingRecordValue | null {
  if (!raw) return null;
  try {
    const parsed = trackingRecordSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    const record = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));
    return Object.keys(record).length > 0 ? (record as TrackingRecordValue) : null;
  } catch {
    return null;
  }
}
