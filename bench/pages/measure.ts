/**
 * One page's figures for bench:pages: Lighthouse 13 mobile (simulated throttling, performance
 * category only) `runs` times after a warm-up run (bench/landers/lighthouse-runs.ts), with the
 * page's network records read from each report's `network-requests` audit.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Result } from 'lighthouse';
import { lighthouseRuns } from '../landers/lighthouse-runs';

/** What bench:pages reports for a page; each figure is the median over the counted runs. */
export interface PageFigures {
  /** Lighthouse performance score, 0–100. */
  performance: number;
  /** Largest Contentful Paint as Lighthouse estimates it for a throttled phone, seconds. */
  lcpSeconds: number;
  /** Bytes on the wire of every request of the page (Lighthouse's `transferSize`: headers + encoded body). */
  totalBytes: number;
  /** The same for the requests Chromium typed `Script` (files, modules and module preloads). */
  jsBytes: number;
  /** Number of `Script` requests. */
  jsRequests: number;
  /** Path (and query) of the document Lighthouse ended on in each run, when a redirect led elsewhere; else empty. */
  finalPaths: string[];
  /** Lighthouse's CPU benchmark index of this machine in each run (its 4× slowdown assumes about 1000–1500). */
  benchmarkIndex: number[];
  /** The heaviest scripts of the last run: path and transferred bytes, heaviest first. */
  heaviestScripts: { path: string; bytes: number }[];
}

/** The fields of a `network-requests` item that the bench reads (the audit's table has more). */
interface NetworkItem {
  url: string;
  transferSize?: number;
  resourceType?: string;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function networkItems(lhr: Result): NetworkItem[] {
  const details = lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined;
  if (!details?.items) throw new Error(`Lighthouse report of ${lhr.requestedUrl} has no network records`);
  return details.items;
}

/**
 * Measures `url`; `cookie` (`name=value`) is sent with every request for a member's page.
 * The browser's cache, cookies and storage are cleared before each run, so every run is a first visit.
 * With `reportsDir`, each counted run's full Lighthouse report is written there as
 * `<reportName>-<run>.json` (for finding what delays a page's LCP: its insights and network records).
 */
export async function measurePage(
  url: string,
  runs: number,
  cookie?: string,
  saved?: { dir: string; name: string },
): Promise<PageFigures> {
  const reports = await lighthouseRuns(url, runs, {
    onlyCategories: ['performance'],
    cookie,
  });
  if (saved) {
    fs.mkdirSync(saved.dir, { recursive: true });
    reports.forEach((lhr, run) =>
      fs.writeFileSync(path.join(saved.dir, `${saved.name}-${run + 1}.json`), JSON.stringify(lhr)),
    );
  }
  const perRun = reports.map((lhr) => {
    const items = networkItems(lhr);
    const scripts = items.filter((item) => item.resourceType === 'Script');
    const bytes = (list: NetworkItem[]) => list.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpSeconds: (lhr.audits['largest-contentful-paint']?.numericValue ?? NaN) / 1000,
      totalBytes: bytes(items),
      jsBytes: bytes(scripts),
      jsRequests: scripts.length,
      scripts,
    };
  });
  // A trailing slash added by the server is the same page; any other path is where a redirect led.
  const pathOf = (address: string) => new URL(address).pathname.replace(/(.)\/$/, '$1');
  const finalPaths = reports.flatMap((lhr) => {
    const final = new URL(lhr.finalDisplayedUrl);
    return pathOf(lhr.finalDisplayedUrl) === pathOf(url) ? [] : [final.pathname + final.search];
  });
  return {
    performance: median(perRun.map((run) => run.performance)),
    lcpSeconds: median(perRun.map((run) => run.lcpSeconds)),
    totalBytes: median(perRun.map((run) => run.totalBytes)),
    jsBytes: median(perRun.map((run) => run.jsBytes)),
    jsRequests: median(perRun.map((run) => run.jsRequests)),
    finalPaths: [...new Set(finalPaths)],
    benchmarkIndex: reports.map((lhr) => Math.round(lhr.environment.benchmarkIndex)),
    heaviestScripts: (perRun.at(-1)?.scripts ?? [])
      .map((item) => ({ path: new URL(item.url).pathname, bytes: item.transferSize ?? 0 }))
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 3),
  };
}
