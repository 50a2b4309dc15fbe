/**
 * Lighthouse 13 (mobile preset, simulated throttling) on a URL: one warm-up run
 * (not counted: a freshly started Chromium spends its first page on start-up
 * work Lighthouse cannot attribute), then `runs` runs, each a first visit (cache,
 * cookies and storage cleared before it). `lighthouseRuns` returns
 * each counted run's report (bench:pages reads metrics and network records from
 * them); `lighthouseScores` the median of each category score (0–100) and the
 * host's CPU benchmark index per run.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Audits below a full score in any run (id: title), for the report. */
  failing: string[];
  /** Lighthouse's CPU benchmark of this machine in each run (about 1000–1500 is what its 4× slowdown assumes). */
  benchmarkIndex: number[];
}

export interface LighthouseRunOptions {
  /** Categories of the counted runs (the warm-up runs performance only); default all four. */
  onlyCategories?: string[];
  /**
   * A cookie (`name=value`) the browser holds for the page's site in every run, e.g. a member's
   * session. Chromium does not send a `Cookie` given as an extra header with the page's own
   * requests, so it goes into the browser's cookie jar (see prepareFirstVisit).
   */
  cookie?: string;
}

/** Everything a first visit must not find besides cookies (CDP `Storage.clearDataForOrigin`). */
const STORAGE_BUT_COOKIES =
  'appcache,file_systems,indexeddb,local_storage,shader_cache,websql,service_workers,cache_storage,storage_buckets';

/**
 * Before each run: clears the browser cache, every cookie and the origin's storage, then sets
 * `cookie` when given (host-only, path /, HttpOnly like the app's session cookie). Lighthouse's own
 * reset is turned off for it: that one keeps cookies and local storage, so from the second run on a
 * page would find what the first run left (the app's cached messages and their cookie, which shrink
 * the HTML) and no run after the first would be a first visit.
 */
async function prepareFirstVisit(port: number, url: string, cookie?: string): Promise<void> {
  // playwright-core (the browser tests' driver) attached over CDP to the Chromium Lighthouse drives.
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    const origin = new URL(url).origin;
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.clearBrowserCookies');
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: STORAGE_BUT_COOKIES });
    if (cookie) {
      const [name, ...value] = cookie.split('=');
      await cdp.send('Network.setCookie', {
        name: name!,
        value: value.join('='),
        url: origin,
        path: '/',
        httpOnly: true,
      });
    }
    await cdp.detach();
  } finally {
    await browser.close();
  }
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The reports of `runs` Lighthouse runs (after one warm-up) against `url` with Chromium at CHROMIUM_PATH. */
export async function lighthouseRuns(url: string, runs: number, options: LighthouseRunOptions = {}): Promise<Result[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  const flags = {
    port: chrome.port,
    output: 'json' as const,
    logLevel: 'error' as const,
    disableStorageReset: true,
  };
  const reports: Result[] = [];
  try {
    await prepareFirstVisit(chrome.port, url, options.cookie);
    await lighthouse(url, { ...flags, onlyCategories: ['performance'] });
    for (let run = 0; run < runs; run += 1) {
      await prepareFirstVisit(chrome.port, url, options.cookie);
      const result = await lighthouse(url, {
        ...flags,
        onlyCategories: options.onlyCategories ?? [...CATEGORIES],
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
      reports.push(lhr);
    }
  } finally {
    await chrome.kill();
  }
  return reports;
}

/** Median Lighthouse scores of `runs` runs against `url` with Chromium at CHROMIUM_PATH. */
export async function lighthouseScores(url: string, runs: number): Promise<LighthouseScores> {
  const scores: Record<(typeof CATEGORIES)[number], number[]> = {
    performance: [],
    accessibility: [],
    'best-practices': [],
    seo: [],
  };
  const failing = new Set<string>();
  const benchmarkIndex: number[] = [];
  for (const lhr of await lighthouseRuns(url, runs)) {
    benchmarkIndex.push(Math.round(lhr.environment.benchmarkIndex));
    for (const key of CATEGORIES) scores[key].push(Math.round((lhr.categories[key]?.score ?? 0) * 100));
    for (const category of Object.values(lhr.categories)) {
      for (const ref of category.auditRefs) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
          failing.add(`${ref.id}: ${audit.displayValue ?? audit.title}`);
      }
    }
  }
  return {
    performance: median(scores.performance),
    accessibility: median(scores.accessibility),
    bestPractices: median(scores['best-practices']),
    seo: median(scores.seo),
    failing: [...failing],
    benchmarkIndex,
  };
}
