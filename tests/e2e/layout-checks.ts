import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';

/** Where a page was audited; every violation line starts with these fields. */
export interface AuditPlace {
  route: string;
  site: string;
  width: number;
  locale: string;
}

/** One in-page finding: which check failed, on which element, and why. */
interface Finding {
  check: 'overflow' | 'clipped' | 'wrapped' | 'covered' | 'small-target';
  element: string;
  detail: string;
}

/**
 * The in-page part: runs in the browser, self-contained (no closures over test code).
 * - overflow: the document is wider than the viewport (names the elements sticking out);
 * - clipped: a select, button, tab or nav label whose content is wider than its box
 *   (for a select: the chosen option's text measured in the select's font against its
 *   content box, the arrow's padding taken off), or a tab or nav link cut off by its scrolling bar;
 * - wrapped: a nav or tab label broken over two lines;
 * - covered: a visible button or link of the main content, inside the viewport at load,
 *   that `elementFromPoint` at its centre does not reach (the shell's fixed header and
 *   bottom bar are not counted: content scrolls under them);
 * - small-target (phones only): buttons, tabs, nav links and CTA links under 44×44 px
 *   (links and buttons flowing inside a sentence are exempt).
 */
function inPageChecks(checkTargets: boolean): Finding[] {
  const findings: Finding[] = [];
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  const describe = (el: Element): string => {
    const id = el.id ? `#${el.id}` : '';
    const testid = el.getAttribute('data-testid') ? `[data-testid="${el.getAttribute('data-testid')}"]` : '';
    const classes =
      typeof el.className === 'string' && el.className.trim()
        ? `.${el.className.trim().split(/\s+/).slice(0, 3).join('.')}`
        : '';
    const text = (el instanceof HTMLSelectElement ? (el.selectedOptions[0]?.text ?? '') : (el.textContent ?? ''))
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 40);
    const label = el.getAttribute('aria-label');
    return `${el.tagName.toLowerCase()}${id}${testid}${classes}${text ? ` "${text}"` : ''}${label && !text ? ` [${label}]` : ''}`;
  };
  const visible = (el: Element): boolean => {
    const rect = el.getBoundingClientRect();
    if (rect.width <= 2 || rect.height <= 2) return false; // also the visually hidden texts
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    return !el.closest('details:not([open]) > :not(summary), [hidden], [inert], [aria-hidden="true"]');
  };

  // Horizontal overflow, naming the outermost elements that stick out on the right.
  if (document.documentElement.scrollWidth > vw + 1) {
    const sticking = [...document.body.querySelectorAll('*')].filter((el) => {
      const rect = el.getBoundingClientRect();
      return (
        rect.right > vw + 1 &&
        rect.width > 0 &&
        !(el.parentElement && el.parentElement.getBoundingClientRect().right > vw + 1)
      );
    });
    findings.push({
      check: 'overflow',
      element: sticking.slice(0, 4).map(describe).join(' ; ') || 'html',
      detail: `scrollWidth ${document.documentElement.scrollWidth} > ${vw}`,
    });
  }

  // Clipped control text.
  const canvas = document.createElement('canvas').getContext('2d')!;
  for (const el of document.querySelectorAll<HTMLElement>('select, button, [role="tab"], nav a, a.btn')) {
    if (!visible(el)) continue;
    if (el instanceof HTMLSelectElement) {
      const style = getComputedStyle(el);
      canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = el.selectedOptions[0]?.text ?? '';
      const needed = canvas.measureText(text).width;
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (needed > room + 1)
        findings.push({
          check: 'clipped',
          element: describe(el),
          detail: `text ${Math.ceil(needed)}px in ${Math.floor(room)}px`,
        });
      continue;
    }
    if (el.scrollWidth > el.clientWidth + 1) {
      findings.push({
        check: 'clipped',
        element: describe(el),
        detail: `content ${el.scrollWidth}px in ${el.clientWidth}px`,
      });
      continue;
    }
    // Clipped inside: a child (label, count) cut by its own box.
    const cut = [...el.querySelectorAll<HTMLElement>('*')].find(
      (child) =>
        visible(child) && child.scrollWidth > child.clientWidth + 1 && getComputedStyle(child).overflowX !== 'visible',
    );
    if (cut)
      findings.push({
        check: 'clipped',
        element: describe(el),
        detail: `${describe(cut)}: content ${cut.scrollWidth}px in ${cut.clientWidth}px`,
      });
    if (el.matches('nav a, [role="tab"]')) {
      // Cut off by a scrolling tab or nav bar (the last tab half out of sight).
      const rect = el.getBoundingClientRect();
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX === 'visible') continue;
        const box = up.getBoundingClientRect();
        if (rect.right > box.right + 1 || rect.left < box.left - 1) {
          findings.push({
            check: 'clipped',
            element: describe(el),
            detail: `cut off by ${describe(up).slice(0, 40)} (${Math.round(rect.left)}–${Math.round(rect.right)} in ${Math.round(box.left)}–${Math.round(box.right)})`,
          });
          break;
        }
      }
      // A label broken over two lines: one text node whose line boxes do not overlap vertically.
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim() || !(node.parentElement && visible(node.parentElement))) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const lines = [...range.getClientRects()].filter((r) => r.width > 1);
        if (lines.some((a) => lines.some((b) => b.top >= a.bottom - 1))) {
          findings.push({
            check: 'wrapped',
            element: describe(el),
            detail: `"${node.textContent.trim()}" on ${lines.length} lines`,
          });
          break;
        }
      }
    }
  }

  // Primary actions: visible buttons and links of the main content.
  const root = document.querySelector('main') ?? document.body;
  const shellBar = (el: Element) => {
    const bar = el.closest('.top-nav, .bottom-nav, body > header');
    return bar !== null && ['fixed', 'sticky'].includes(getComputedStyle(bar).position);
  };
  const actions = [
    ...root.querySelectorAll<HTMLElement>('a[href], button, [role="button"], [role="tab"], summary'),
  ].filter((el) => visible(el) && !el.closest('footer') && !shellBar(el));
  for (const el of actions) {
    // An inline link broken over two lines: aim at its first line box.
    const rect =
      getComputedStyle(el).display === 'inline'
        ? (el.getClientRects()[0] ?? el.getBoundingClientRect())
        : el.getBoundingClientRect();
    if (rect.top < 0 || rect.left < 0 || rect.bottom > vh || rect.right > vw) continue;
    const x = rect.left + rect.width / 2;
    const y = rect.top + rect.height / 2;
    // Scrolled away inside its own scroll box (a carousel, a list): not at load.
    let clippedAway = false;
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const box = up.getBoundingClientRect();
      if (x < box.left || x > box.right || y < box.top || y > box.bottom) clippedAway = true;
    }
    if (clippedAway) continue;
    const hit = document.elementFromPoint(x, y);
    if (!hit || el === hit || el.contains(hit)) continue;
    if (hit instanceof HTMLLabelElement && hit.control && el.contains(hit.control)) continue;
    if (shellBar(hit)) continue;
    findings.push({ check: 'covered', element: describe(el), detail: `by ${describe(hit)}` });
  }

  // Tap targets on phones.
  if (checkTargets) {
    const targets = new Set<HTMLElement>([
      // Links and link-styled buttons flowing inside a sentence are exempt.
      ...actions.filter(
        (el) =>
          el.matches('button, [role="button"], [role="tab"], a.btn, a[class*="cta"], a[data-testid*="cta"]') &&
          !(getComputedStyle(el).display.startsWith('inline') && el.closest('p')),
      ),
      ...[...document.querySelectorAll<HTMLElement>('nav a, nav button')].filter(
        (el) => visible(el) && !el.closest('footer'),
      ),
    ]);
    for (const el of targets) {
      const rect = el.getBoundingClientRect();
      if (rect.width < 43.5 || rect.height < 43.5)
        findings.push({
          check: 'small-target',
          element: describe(el),
          detail: `${Math.round(rect.width)}×${Math.round(rect.height)}px`,
        });
    }
  }
  return findings;
}

/**
 * Runs every layout check on the page as it is now (plus axe, unless `axe` is false) and
 * returns one line per violation: `route | site | width | locale | check | element: detail`.
 */
export async function layoutViolations(
  page: Page,
  place: AuditPlace,
  options: { axe?: boolean } = {},
): Promise<string[]> {
  const prefix = `${place.route} | ${place.site} | ${place.width} | ${place.locale}`;
  const findings = await page.evaluate(inPageChecks, place.width < 600);
  const lines = findings.map((finding) => `${prefix} | ${finding.check} | ${finding.element}: ${finding.detail}`);
  if (options.axe !== false) {
    for (const line of await seriousViolations(page)) lines.push(`${prefix} | axe | ${line.replace(/^\S+ /, '')}`);
  }
  return lines;
}
