/**
 * `npx tsx bench/landers/diagnose.ts URL…`: one Lighthouse mobile run per URL,
 * printing the performance metrics, the main-thread work by kind and the long
 * tasks, to find what costs blocking time on a lander.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

interface Item {
  group?: string;
  url?: string;
  duration: number;
  startTime?: number;
}
const items = (details: unknown): Item[] => (details as { items?: Item[] } | undefined)?.items ?? [];

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
});
try {
  for (const url of process.argv.slice(2)) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const audits = result!.lhr.audits;
    const metric = (id: string) => audits[id]?.displayValue ?? '?';
    console.log(
      `${url}: performance ${Math.round((result!.lhr.categories.performance?.score ?? 0) * 100)} · FCP ${metric('first-contentful-paint')} · LCP ${metric('largest-contentful-paint')} · TBT ${metric('total-blocking-time')} · CLS ${metric('cumulative-layout-shift')} · SI ${metric('speed-index')}`,
    );
    console.log(
      `  host CPU benchmark index: ${result!.lhr.environment.benchmarkIndex} (Lighthouse calibrates its 4× slowdown on a ~1000-1500 machine)`,
    );
    console.log(
      `  main thread: ${items(audits['mainthread-work-breakdown']?.details)
        .map((i) => `${i.group} ${Math.round(i.duration)} ms`)
        .join(', ')}`,
    );
    console.log(
      `  long tasks: ${items(audits['long-tasks']?.details)
        .map((i) => `${Math.round(i.duration)} ms at ${Math.round(i.startTime ?? 0)} (${i.url})`)
        .join('; ')}`,
    );
    const shifts = items(audits['layout-shifts']?.details);
    if (shifts.length > 0) console.log(`  layout shifts: ${JSON.stringify(shifts).slice(0, 400)}`);
  }
} finally {
  await chrome.kill();
}
