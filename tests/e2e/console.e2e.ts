import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';
import { balance, dutchMember, payOnSandbox } from './buyers';
import { enrolOperator } from './console';
import { openProfileAs } from './journeys';

/**
 * The operator console's journeys (docs/product.md §13) on the built app, each operator enrolled
 * from the one-time setup link `npm run operator:add` printed (global setup): a moderator works a
 * report another member's browser sent by suspending the member (locked out at the next call,
 * gone from search), sees a new photo's screening scores, and is refused the finance section; the
 * admin finds the suspension in the audit log; support adjusts a member's credits; finance refunds
 * a sandbox payment and the member's credits are taken back.
 */
const browser = useBrowser();
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const HEADERS = { 'package-name': 'amora' };
/** Demo members no other journey uses: the reporter and the member reported. */
const REPORTER = 276;
const REPORTED = 277;

async function searchIds(page: Page, query: string): Promise<number[]> {
  const answer = await page.request.get(`${browser.baseURL}/api/search.php?${query}`, { headers: HEADERS });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { profiles: { id: number }[] }).profiles.map((profile) => profile.id);
}

describe('operator console', () => {
  it(
    'a moderator suspends a reported member: locked out, out of search, in the audit log',
    { timeout: 240_000 },
    async () => {
      // The suspended member's log-in and the moderator's finance page answer 403, as they should.
      browser.allowConsoleError(/403/);
      // A member reports another from the profile page, in their own browser.
      const reporter = await browser.newPage();
      await openProfileAs(browser, reporter, REPORTER, REPORTED);
      const name = (await reporter.getByRole('heading', { level: 1 }).textContent())!.split(',')[0]!.trim();
      await reporter.getByRole('button', { name: `More options for ${name}` }).click();
      await reporter.getByRole('menuitem', { name: `Report ${name}` }).click();
      const dialog = reporter.getByRole('dialog', { name: `Report ${name}` });
      await dialog.getByLabel('Harassment or threats').check();
      await dialog.getByLabel('Details (optional)').fill('Keeps writing after I said no');
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await expect
        .poll(() => reporter.getByText('Thank you. Our team will review your report.').isVisible())
        .toBe(true);

      // The reported member is logged in (and so the most recently active), and uploads a photo.
      const member = await browser.newPage();
      await browser.logIn(member, `demo${REPORTED}@amora.test`);
      const photo = await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#88a4c9' } })
        .jpeg()
        .toBuffer();
      const uploaded = await member.request.post(`${browser.baseURL}/api/profileimage.php`, {
        headers: HEADERS,
        multipart: { file: { name: 'new.jpg', mimeType: 'image/jpeg', buffer: photo } },
      });
      expect(uploaded.status()).toBe(200);
      const profile = (
        await (
          await member.request.get(`${browser.baseURL}/api/profile.php?id=${REPORTED}`, { headers: HEADERS })
        ).json()
      ).profile as { gender: string; country: string };
      const query = `gender=${profile.gender}&country=${profile.country}&min_age=18&max_age=99&pp=48&do_not_save=1`;
      expect(await searchIds(reporter, query)).toContain(REPORTED);

      // The moderator's first log-in, then the new photo's automated screening (no face on it).
      const moderator = await browser.newPage(DESKTOP);
      await enrolOperator(browser, moderator, 'moderator@ops.test', '/admin/photos');
      const card = moderator.locator('.admin-photo', { hasText: name });
      await expect
        .poll(
          async () => {
            await moderator.reload();
            await browser.waitForIslands(moderator);
            await card.first().waitFor({ timeout: 10_000 });
            return card.first().textContent();
          },
          { timeout: 60_000, interval: 2_000 },
        )
        .toContain('No face');

      // The report: the member's profile, the reason and note; suspended for 7 days.
      await moderator.goto(`${browser.baseURL}/admin/reports`);
      await browser.waitForIslands(moderator);
      await moderator
        .getByRole('button', { name: new RegExp(`^${name}`) })
        .first()
        .click();
      const detail = moderator.locator('.admin-report-actions');
      await expect.poll(() => moderator.getByText('Keeps writing after I said no').isVisible()).toBe(true);
      await detail.getByLabel('Suspend for (days)').fill('7');
      await detail.getByRole('button', { name: 'Suspend', exact: true }).click();
      await expect.poll(() => moderator.locator('.admin-notice-success').textContent()).toMatch(/suspend/i);
      await browser.screenshot(moderator, 'console-reports-after');

      // The member's next call is refused; logging in again is too.
      const user = await member.request.get(`${browser.baseURL}/api/user.php`, { headers: HEADERS });
      expect(user.status()).toBe(403);
      expect(((await user.json()) as { error: { code: string } }).error.code).toBe('not_logged_in');
      await member.goto(`${browser.baseURL}/login`);
      await browser.waitForIslands(member);
      await member.getByLabel('E-mail address').fill(`demo${REPORTED}@amora.test`);
      await member.getByLabel('Password').fill('amora-demo');
      await member.getByRole('button', { name: 'Log in' }).click();
      await expect.poll(() => member.getByText('Your account is suspended for now.').isVisible()).toBe(true);

      // Gone from search and from its profile address.
      expect(await searchIds(reporter, query)).not.toContain(REPORTED);
      expect(
        (
          await reporter.request.get(`${browser.baseURL}/api/profile.php?id=${REPORTED}`, { headers: HEADERS })
        ).status(),
      ).toBe(404);

      // The finance section is not the moderator's: the page and the API both answer 403.
      const page = await moderator.goto(`${browser.baseURL}/admin/payments`);
      expect(page?.status()).toBe(403);
      expect(await moderator.getByRole('heading', { name: 'No access to Payments' }).isVisible()).toBe(true);
      expect(await moderator.getByRole('link', { name: 'Payments' }).count()).toBe(0);
      const api = await moderator.request.get(`${browser.baseURL}/admin/api/payments/transactions`, {
        headers: HEADERS,
      });
      expect(api.status()).toBe(403);
      expect(((await api.json()) as { error: { code: string } }).error.code).toBe('forbidden');

      // The admin's audit log shows the suspension, for this report, by the moderator.
      const admin = await browser.newPage(DESKTOP);
      await enrolOperator(browser, admin, 'admin@ops.test', '/admin/audit');
      const row = admin.locator('tr[data-action="member.suspend"]', { hasText: `#${REPORTED}` });
      await expect.poll(() => row.count()).toBe(1);
      expect(await row.textContent()).toContain('moderator@ops.test');
      expect(await row.textContent()).toMatch(/report #\d+/);
      await browser.screenshot(admin, 'console-audit');
    },
  );

  it('support adjusts a member’s credits: the balance and history the member sees show it', async () => {
    const member = await dutchMember(browser, 'Sanne');
    const before = await balance(browser, member);
    const email = (
      (await (await member.request.get(`${browser.baseURL}/api/user.php`, { headers: HEADERS })).json()) as {
        email: string;
      }
    ).email;
    const support = await browser.newPage(DESKTOP);
    await enrolOperator(browser, support, 'support@ops.test', '/admin/members');
    await support.getByLabel('Id, e-mail address or name').fill(email);
    await support.getByLabel('Id, e-mail address or name').press('Enter');
    await support.getByRole('region', { name: 'Found members' }).getByRole('link').first().click();
    await support.waitForURL('**/admin/members/*');
    await browser.waitForIslands(support);
    const form = support.getByRole('form', { name: 'Adjust credits' });
    await form.getByLabel('Credits (+ to add, − to take)').fill('25');
    await form.getByLabel('Reason').fill('Goodwill after a failed payment');
    await form.getByRole('button').last().click();
    await expect.poll(() => support.getByTestId('member-balance').textContent()).toBe(String(before + 25));
    await browser.screenshot(support, 'console-member');

    expect(await balance(browser, member)).toBe(before + 25);
    expect(await member.getByTestId('credit-history').textContent()).toContain('Adjusted by customer support');
  });

  it('finance refunds a sandbox payment and the member’s credits are taken back', async () => {
    const member = await dutchMember(browser, 'Femke');
    const before = await balance(browser, member);
    await member.getByTestId('package-popular').click();
    await member.getByRole('radio', { name: 'iDEAL' }).check();
    await member.getByRole('button', { name: 'Buy now' }).click();
    await payOnSandbox(member);
    expect(await balance(browser, member)).toBe(before + 140);
    const memberId = (
      (await (await member.request.get(`${browser.baseURL}/api/user.php`, { headers: HEADERS })).json()) as {
        profile: { id: number };
      }
    ).profile.id;

    const finance = await browser.newPage(DESKTOP);
    await enrolOperator(browser, finance, 'finance@ops.test', '/admin/payments');
    const filter = finance.getByRole('form', { name: 'Filter transactions' });
    await filter.getByLabel('Member id').fill(String(memberId));
    await filter.getByLabel('Member id').press('Enter');
    const refund = finance.getByRole('button', { name: /^Refund transaction #\d+$/ });
    await expect.poll(() => refund.count()).toBe(1);
    const transactionId = /#(\d+)/.exec((await refund.getAttribute('aria-label'))!)![1];
    await refund.click();
    const confirm = finance.getByRole('dialog', { name: `Refund transaction #${transactionId}?` });
    await confirm.getByRole('button', { name: /^Refund / }).click();
    await expect.poll(() => finance.getByText(`Transaction #${transactionId} refunded`).isVisible()).toBe(true);
    // The row shows the refund, and no second refund is offered.
    await expect
      .poll(() => finance.getByRole('button', { name: `Refund transaction #${transactionId}` }).count())
      .toBe(0);
    await browser.screenshot(finance, 'console-payments');

    expect(await balance(browser, member)).toBe(before);
  });
});
