import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The page's serious and critical axe-core violations, one line each (URL, rule, elements). */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Legacy mode runs axe in the page itself; the default opens a blank page per check to merge
  // frame results, which costs ~300 ms a page and buys nothing here (the app embeds no frames).
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${page.url()} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
