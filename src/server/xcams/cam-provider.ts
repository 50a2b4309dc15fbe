import type { Cam } from '~/shared/contracts/xcams';

/** What a partner feed is asked for: the search's gender and age range (years). */
export type { CamQuery } from '~/shared/cam-query';
import type { CamQuery } from '~/shared/cam-query';

/** A partner cam as the feed gives it: `image` may be relative to the site's cdn_prefix; `url` is the room, if the feed has one. */
export interface FeedCam extends Omit<Cam, 'image'> {
  image: string;
  /** True when `image` is a key under the site's cdn_prefix rather than a full URL. */
  imageIsLocal: boolean;
  url: string | null;
}

/**
 * The webcam partner feed (docs/product.md §6/§7 xcams): an HTTP feed when
 * `XCAMS_FEED_URL` is set (http-cams.ts), else the built-in demo feed (demo-cams.ts).
 */
export interface CamProvider {
  readonly kind: 'http' | 'demo';
  /** Cams for a search, best first. Errors are the caller's to log; never throws on an empty feed. */
  search(query: CamQuery): Promise<FeedCam[]>;
  /** One account from the feed, or null when the feed does not list it (no open redirects). */
  find(account: string): Promise<FeedCam | null>;
}
