/**
 * What a phone downloads for a lander: Chromium at 390×844 loads the page,
 * waits for the network to settle, and sums the encoded bytes of every
 * response; the hero media are counted apart: the design's key visual, which
 * each design marks `data-hero` (the video and its poster, the gallery's photo
 * grid, the collage, the slideshow, the map's member pins, the feed's photos),
 * and image preloads. The template's heading font (woff2) is counted apart too:
 * it is the same file on every lander of a site and cached after the first.
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

export interface TransferFigures {
  totalBytes: number;
  heroBytes: number;
  /** Encoded bytes of web fonts (woff2). */
  fontBytes: number;
  requests: number;
}

/** Transfer of each URL (a fresh context each: nothing cached). */
export async function measureTransfers(urls: string[]): Promise<Map<string, TransferFigures>> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const out = new Map<string, TransferFigures>();
  try {
    for (const url of urls) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const sizes = new Map<string, { url: string; bytes: number }>();
      const urlsById = new Map<string, string>();
      cdp.on('Network.requestWillBeSent', (event) => urlsById.set(event.requestId, event.request.url));
      cdp.on('Network.loadingFinished', (event) =>
        sizes.set(event.requestId, { url: urlsById.get(event.requestId) ?? '', bytes: event.encodedDataLength }),
      );
      await page.goto(url, { waitUntil: 'networkidle' });
      const heroUrls = new Set(
        await page.evaluate(() =>
          [
            ...document.querySelectorAll<HTMLElement>(
              'img[data-hero], video[data-hero], link[rel="preload"][as="image"]',
            ),
          ].flatMap((element) => {
            if (element instanceof HTMLImageElement) return [element.currentSrc || element.src];
            if (element instanceof HTMLVideoElement) return [element.currentSrc || element.src].filter(Boolean);
            return [(element as HTMLLinkElement).href];
          }),
        ),
      );
      let totalBytes = 0;
      let heroBytes = 0;
      let fontBytes = 0;
      for (const { url: resource, bytes } of sizes.values()) {
        if (heroUrls.has(resource)) heroBytes += bytes;
        else if (new URL(resource).pathname.endsWith('.woff2')) fontBytes += bytes;
        else totalBytes += bytes;
      }
      out.set(url, { totalBytes, heroBytes, fontBytes, requests: sizes.size });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}
