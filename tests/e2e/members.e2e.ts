import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';
import { likeAfresh, navBadge, openProfileAs } from './journeys';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

describe('members area (journey)', () => {
  it('filters, pages by pager and infinite scroll, goes back, likes a member who then sees the new like', async () => {
    const pageA = await browser.newPage({ viewport: DESKTOP });
    await browser.logIn(pageA, 'demo1@amora.test');
    await browser.waitForIslands(pageA);
    const grid = pageA.getByRole('list', { name: 'Search results' });
    const cards = grid.getByTestId('member-card');
    await expect.poll(() => cards.count()).toBe(12);
    await pageA.locator('section[data-hydrated]').waitFor();
    const items = grid.locator(':scope > li');

    // The first page's cam cards come in the HTML with its member cards (nothing pushed aside later),
    // and the browser does not ask for them again.
    const camSearches: string[] = [];
    pageA.on(
      'request',
      (request) => request.url().includes('/api/xcams/search.php') && camSearches.push(request.url()),
    );
    const html = await (await pageA.request.get(`${browser.baseURL}/members`)).text();
    expect(html).toContain('data-testid="cam-card-live"');
    await pageA.reload();
    await pageA.locator('section[data-hydrated]').waitFor();
    expect(await items.nth(1).getAttribute('data-testid')).toBe('cam-card-live');
    await pageA.waitForTimeout(300);
    expect(camSearches).toEqual([]);

    await pageA.getByLabel('Looking for').selectOption('female');
    await pageA.waitForURL(/gender=female/);
    await pageA.getByLabel('Age', { exact: true }).selectOption({ label: 'Over 65' });
    await pageA.waitForURL(/min_age=66/);
    await expect.poll(() => cards.count()).toBe(12);
    const firstPage = await cards.allTextContents();
    for (const text of firstPage) expect(Number(/, (\d+)/.exec(text)?.[1])).toBeGreaterThan(65);
    // docs/product.md §9: a webcam card at index 1 (live) and 5 (resell) of the block for this eligible member.
    await expect.poll(() => items.nth(1).getAttribute('data-testid')).toBe('cam-card-live');
    expect(await items.nth(5).getAttribute('data-testid')).toBe('cam-card-resell');
    await browser.screenshot(pageA, 'members-grid');

    // Page 2 through the pager, then the back button restores page 1.
    await pageA.getByRole('button', { name: 'Next' }).click();
    await pageA.waitForURL(/page=2/);
    await expect.poll(async () => (await cards.allTextContents()).join('|')).not.toBe(firstPage.join('|'));
    const secondPage = await cards.allTextContents();
    await pageA.goBack();
    await pageA.waitForURL((url) => !url.searchParams.has('page') && url.searchParams.get('gender') === 'female');
    await expect.poll(async () => (await cards.allTextContents()).join('|')).toBe(firstPage.join('|'));
    expect(await pageA.getByLabel('Looking for').inputValue()).toBe('female');

    // On a phone the next page comes by scrolling: page 2 is appended below page 1.
    await pageA.setViewportSize(PHONE);
    await expect.poll(() => pageA.getByTestId('scroll-more').count()).toBe(1);
    await pageA.getByTestId('scroll-more').scrollIntoViewIfNeeded();
    await expect.poll(() => cards.count()).toBe(24);
    expect((await cards.allTextContents()).slice(12)).toEqual(secondPage);
    await browser.screenshot(pageA, 'members-grid-scrolled');
    await pageA.setViewportSize(DESKTOP);

    // Open the first member of page 1: B.
    const first = cards.first();
    await first.locator('.member-card-link').click();
    await pageA.waitForURL(/\/members\/\d+$/);
    const memberB = Number(new URL(pageA.url()).pathname.split('/').pop());
    await browser.waitForIslands(pageA);

    // B logs in elsewhere (demo N has id N in the seeded database) and notes its badge.
    const pageB = await browser.newPage({ viewport: PHONE });
    // The likes poll starts 1 s after login; B's badge is read once its first answer arrived.
    const likesPolled = pageB.waitForResponse(
      (r) => r.url().includes('/api/likes.php') && r.request().method() === 'GET' && r.ok(),
      { timeout: 30_000 },
    );
    await browser.logIn(pageB, `demo${memberB}@amora.test`);
    const me = await pageB.request.get(`${browser.baseURL}/api/user.php`, { headers: { 'package-name': 'amora' } });
    expect((await me.json()).profile.id).toBe(memberB);
    await browser.waitForIslands(pageB);
    await likesPolled;
    await browser.settled(pageB);
    const badgeBefore = await navBadge(pageB, '/likes');

    // A likes B (unliking first if the demo data already had it: the toggle goes both ways).
    await likeAfresh(pageA.getByTestId('like-button'));
    await browser.screenshot(pageA, 'members-profile');
    await pageA.setViewportSize(PHONE);
    await browser.screenshot(pageA, 'members-profile');
    await pageA.setViewportSize(DESKTOP);

    // A sees B under "My likes".
    await pageA.goto(`${browser.baseURL}/likes/given`);
    await browser.waitForIslands(pageA);
    const given = pageA.getByRole('list', { name: 'My likes' });
    await expect.poll(() => given.locator(`[data-member-id="${memberB}"]`).count()).toBe(1);
    expect(await given.getByTestId('like-button').count()).toBe(0);

    // B: the badge grows by one and the like is listed as new.
    await pageB.reload();
    await browser.waitForIslands(pageB);
    await expect.poll(() => navBadge(pageB, '/likes'), { timeout: 5_000 }).toBe(badgeBefore + 1);
    await pageB.goto(`${browser.baseURL}/likes`);
    await browser.waitForIslands(pageB);
    const memberA = (
      await (
        await pageA.request.get(`${browser.baseURL}/api/user.php`, { headers: { 'package-name': 'amora' } })
      ).json()
    ).profile.id;
    const likeCard = pageB.getByRole('list', { name: 'Liked me' }).locator(`[data-member-id="${memberA}"]`);
    await expect.poll(() => likeCard.getByTestId('new-like').count()).toBe(1);
    await browser.screenshot(pageB, 'likes');
    await pageB.setViewportSize(DESKTOP);
    await browser.screenshot(pageB, 'likes');

    // Opening A's profile (through /likes/m/:id) marks the like as seen: the badge drops again.
    await likeCard.locator('.member-card-link').click();
    await pageB.waitForURL(`**/likes/m/${memberA}`);
    await browser.waitForIslands(pageB);
    await expect.poll(() => navBadge(pageB, '/likes'), { timeout: 5_000 }).toBe(badgeBefore);
  });

  it('has the first page of cards in the HTML and hydrates it without a search call', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/search.php')) searches.push(request.url());
    });
    const response = await page.goto(`${browser.baseURL}/members?gender=female&min_age=30&max_age=40&page=2`);
    const html = await response!.text();
    expect(html.match(/data-testid="member-card"/g)).toHaveLength(12);
    // The first row's photos load first, the others lazily.
    expect(html.match(/fetchpriority="high"/gi)).toHaveLength(4);
    expect(html.match(/loading="lazy"/g)).toHaveLength(8);
    await page.locator('section[data-hydrated]').waitFor();
    const cards = page.getByTestId('member-card');
    expect(await cards.count()).toBe(12);
    for (const text of await cards.allTextContents()) {
      const age = Number(/, (\d+)/.exec(text)?.[1]);
      expect(age).toBeGreaterThanOrEqual(30);
      expect(age).toBeLessThanOrEqual(40);
    }
    expect(await page.getByLabel('Looking for').inputValue()).toBe('female');
    expect(searches).toEqual([]);
    // Later pages are the island's own calls.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/page=3/);
    await expect.poll(() => searches.length).toBeGreaterThan(0);
    // The page the pager asked for (similar results may follow when it is the last page).
    const first = new URL(searches[0]!).searchParams;
    expect([first.get('page'), first.get('similarpage')]).toEqual(['3', null]);
  });

  it('prompts visitors to sign up instead of liking', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${browser.baseURL}/members`);
    await browser.waitForIslands(page);
    const card = page.getByTestId('member-card').first();
    await card.getByTestId('like-button').click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const join = dialog.getByTestId('modal-action');
    expect(await join.getAttribute('href')).toMatch(/^\/signup\?profile=\d+&next=%2Fmembers%2F\d+$/);
    await card.page().keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // Visitors see no webcam cards.
    expect(await page.locator('[data-testid^="cam-card"]').count()).toBe(0);
  });

  it('reports and blocks a member from the profile page', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await openProfileAs(browser, page, 20, 21);
    const name = (await page.getByRole('heading', { level: 1 }).textContent())!.split(',')[0]!.trim();

    // Block and report live behind the profile's "⋯" menu.
    const more = page.getByRole('button', { name: `More options for ${name}` });
    await more.click();
    await page.getByRole('menuitem', { name: `Report ${name}` }).click();
    const report = page.getByRole('dialog', { name: `Report ${name}` });
    await report.getByLabel('Spam or advertising').check();
    await report.getByLabel('Details (optional)').fill('Sends links to another site');
    await report.getByRole('button', { name: 'Send report' }).click();
    await expect.poll(() => page.getByText('Thank you. Our team will review your report.').isVisible()).toBe(true);

    await more.click();
    await page.getByRole('menuitem', { name: `Block ${name}` }).click();
    await page
      .getByRole('dialog', { name: `Block ${name}?` })
      .getByRole('button', { name: 'Block', exact: true })
      .click();
    await page.waitForURL('**/members');
    const chat = await page.request.get(`${browser.baseURL}/api/chat.php?profile=21`, {
      headers: { 'package-name': 'amora' },
    });
    expect(chat.status()).toBe(403);
    expect(((await chat.json()) as { error: { code: string } }).error.code).toBe('blocked');
  });
});
