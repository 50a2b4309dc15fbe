/**
 * Lighthouse 13 (mobile preset, simulated throttling) on a URL: one warm-up run
 * (not counted: a freshly started Chromium spends its first page on start-up
 * work Lighthouse cannot attribute), then `runs` runs; returns the median of
 * each category score (0–100) and the host's CPU benchmark index per run.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
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

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Median Lighthouse scores of `runs` runs against `url` with Chromium at CHROMIUM_PATH. */
export async function lighthouseScores(url: string, runs: number): Promise<LighthouseScores> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  const scores: Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number[]> = {
    performance: [],
    accessibility: [],
    'best-practices': [],
    seo: [],
  };
  const failing = new Set<string>();
  const benchmarkIndex: number[] = [];
  try {
    await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    for (let run = 0; run < runs; run += 1) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: Object.keys(scores),
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
      benchmarkIndex.push(Math.round(lhr.environment.benchmarkIndex));
      for (const key of Object.keys(scores) as (keyof typeof scores)[])
        scores[key].push(Math.round((lhr.categories[key]?.score ?? 0) * 100));
      for (const category of Object.values(lhr.categories)) {
        for (const ref of category.auditRefs) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
            failing.add(`${ref.id}: ${audit.displayValue ?? audit.title}`);
        }
      }
    }
  } finally {
    await chrome.kill();
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
