import { describe, expect, it } from 'vitest';
import { useBrowser } from '../e2e/browser';
import { layoutViolations } from '../e2e/layout-checks';

const browser = useBrowser();
const PLACE = { route: 'crafted', site: 'test', width: 390, locale: 'en' };

/** A small page with a nav, a main area and a select, styled by `css`. */
function craftedPage(css: string, extra = ''): string {
  return `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>t</title>
  <style>body{margin:0;font:16px sans-serif} nav a,button,a.btn{display:inline-flex;min-width:44px;min-height:44px;align-items:center;white-space:nowrap}
  select{font:16px sans-serif;padding:0 32px 0 8px;height:44px} ${css}</style></head>
  <body><nav aria-label="Main"><a href="/members">Search</a> <a href="/signup">Gratis registrieren</a></nav>
  <main><h1>Page</h1><label>Country <select><option>Choose a country</option></select></label>
  <button type="button" class="go">Continue</button> <a class="btn" href="/x">Join now</a>
  <p>By joining you accept the <button type="button" style="all:unset;text-decoration:underline">terms</button>.</p> ${extra}</main></body></html>`;
}

describe('layout checks (the audit catches deliberately broken styles)', () => {
  it('finds nothing on a sound page', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.setContent(craftedPage(''));
    expect(await layoutViolations(page, PLACE, { axe: false })).toEqual([]);
  });

  it('reports overflow, clipped and wrapped labels, a tab cut off by its bar, a covered action and a small target', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.setContent(
      craftedPage(
        `main{min-width:500px} select{width:90px} nav a[href="/signup"]{width:110px;white-space:normal;display:inline-block}
         button.go{width:50px;overflow:hidden} a.btn{min-height:0;min-width:0;height:20px}
         .tabs a{flex-shrink:0} .cover{position:fixed;inset:0 0 auto 0;height:844px;background:rgba(0,0,0,.1)}`,
        '<nav class="tabs" aria-label="Tabs" style="display:flex;overflow-x:auto;width:180px"><a href="/a">Liked me 3</a><a href="/b">My likes 4</a><a href="/c">Mutual 2</a></nav><div class="cover"></div>',
      ),
    );
    const lines = await layoutViolations(page, PLACE, { axe: false });
    const has = (check: string, text: string) =>
      lines.some(
        (line) =>
          line.startsWith('crafted | test | 390 | en | ') && line.includes(`| ${check} |`) && line.includes(text),
      );
    expect(has('overflow', 'scrollWidth'), lines.join('\n')).toBe(true);
    expect(has('clipped', 'Choose a country'), lines.join('\n')).toBe(true);
    expect(has('clipped', 'Continue'), lines.join('\n')).toBe(true);
    expect(has('wrapped', 'Gratis registrieren'), lines.join('\n')).toBe(true);
    expect(has('covered', 'div.cover'), lines.join('\n')).toBe(true);
    expect(has('small-target', 'Join now'), lines.join('\n')).toBe(true);
    expect(has('clipped', 'a "Mutual 2": cut off by nav.tabs'), lines.join('\n')).toBe(true);
  });

  it('checks tap targets only on phones and passes axe findings through', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.setContent(craftedPage('a.btn{min-height:0;height:20px;color:#eee;background:#fff}'));
    const lines = await layoutViolations(page, { ...PLACE, width: 1280 });
    expect(lines.some((line) => line.includes('small-target'))).toBe(false);
    expect(lines.some((line) => line.includes('| axe | color-contrast'))).toBe(true);
  });
});
