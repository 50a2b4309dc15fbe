// Takes desktop and mobile screenshots of the given paths: node scripts/screenshots.mjs BASE_URL path...
// Writes to ./screenshots/<name>-<width>.png. Used while developing; not part of npm test.
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';

const [base, ...paths] = process.argv.slice(2);
fs.mkdirSync('screenshots', { recursive: true });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_FLAGS,
});
for (const width of [1280, 390]) {
  const extraHTTPHeaders = process.env.SITE_HOST ? { 'original-host': process.env.SITE_HOST } : {};
  const context = await browser.newContext({
    viewport: { width, height: width === 390 ? 844 : 900 },
    deviceScaleFactor: 1,
    extraHTTPHeaders,
  });
  const page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log('console error', m.text()));
  for (const path of paths) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    const name = (process.env.SITE_HOST ?? '') + path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home';
    await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: width === 390 ? false : true });
  }
  await context.close();
}
await browser.close();
