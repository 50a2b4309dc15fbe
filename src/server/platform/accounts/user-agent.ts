import Bowser from 'bowser';

/** What the sessions list and the data export say about a browser (docs/product.md §10 Sessions). */
export interface DeviceDescription {
  /** Browser name ("Chrome", "Safari"), null when unknown. */
  browser: string | null;
  /** Operating system name ("Android", "iOS", "Windows"), null when unknown. */
  os: string | null;
  /** Kind of device, null when unknown. */
  kind: 'mobile' | 'tablet' | 'desktop' | 'tv' | null;
}

const KINDS = new Set(['mobile', 'tablet', 'desktop', 'tv']);

/**
 * Browser, operating system and kind of device of a stored User-Agent (parsed with bowser);
 * every part null when the header was missing or unrecognised. Never throws.
 */
export function describeUserAgent(userAgent: string | null): DeviceDescription {
  if (!userAgent?.trim()) return { browser: null, os: null, kind: null };
  try {
    const parsed = Bowser.parse(userAgent);
    const kind = parsed.platform.type;
    return {
      browser: parsed.browser.name || null,
      os: parsed.os.name || null,
      kind: kind && KINDS.has(kind) ? (kind as DeviceDescription['kind']) : null,
    };
  } catch {
    return { browser: null, os: null, kind: null };
  }
}
