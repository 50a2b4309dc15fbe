import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sumOf } from '../helpers/metrics';
import { useBrowser } from './browser';
import { useOwnServer } from './server';

/**
 * docs/product.md §10 Notifications: a member turns message mails off and on on
 * /notifications, gets one mail for a burst of messages, and unsubscribes with the mail's
 * link without being logged in. Own server with a test SMTP server; the test waits on the
 * server's state through its `/metrics` (open event streams, pending outbox rows), never on time.
 */
// The push offers need notification permission "default", which only the full browser gives.
const browser = useBrowser({ browser: 'full' });
const METRICS_TOKEN = 'e2e-notifications-metrics-0123456789';
const own = useOwnServer('notifications', { SEED_ON_START: '0', METRICS_TOKEN });

const PASSWORD = 'notify-pass-1';
const SECRET_TEXT = 'meet me at the old lighthouse';
const api = (pathname: string, init: RequestInit & { cookie?: string } = {}) =>
  fetch(`${own.server.url}${pathname}`, {
    ...init,
    redirect: 'manual',
    headers: {
      'package-name': 'amora',
      'content-type': 'application/json',
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
  });

/** The sum of the server's series `name` now (its `/metrics`, docs/architecture.md §5 Metrics). */
async function serverGauge(name: string): Promise<number> {
  const scrape = await fetch(`${own.server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(scrape.status).toBe(200);
  return sumOf(await scrape.text(), name);
}

/**
 * Waits until the server has handled everything queued so far: every message's notice has run
 * (deciding on push or mail) and every mail it queued has been accepted by the test SMTP server.
 */
async function outboxSettled(): Promise<void> {
  await expect.poll(() => serverGauge('amora_outbox_pending'), { timeout: 20_000 }).toBe(0);
}

const mailsTo = (address: string) => own.smtp.received.filter((mail) => mail.to?.[0]?.address === address);

/** Signs a member up through the API, finishes the wizard and (optionally) confirms the address by its mail. */
async function signUp(email: string, name: string, confirm: boolean): Promise<{ id: number; cookie: string }> {
  const created = await api('/api/user.php?new=1', {
    method: 'POST',
    body: JSON.stringify({ email, name, password: PASSWORD, language: 'en', country: 'NL' }),
  });
  expect(created.status).toBe(200);
  const cookie = created.headers.getSetCookie()[0]!.split(';')[0]!;
  const id = ((await created.json()) as { user: { profile: { id: number } } }).user.profile.id;
  await api('/api/user.php', { method: 'PUT', body: JSON.stringify({ lastSignupStep: 7 }), cookie });
  if (confirm) {
    await expect
      .poll(
        async () => ((await (await api('/api/activate.php', { cookie })).json()) as { delivered: boolean }).delivered,
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
    const link = /https?:\/\/\S+\/activate\/confirm\?token=[\w-]+/.exec(mailsTo(email).at(-1)!.text ?? '')![0];
    const url = new URL(link);
    await api(`${url.pathname}${url.search}`, { cookie });
  }
  return { id, cookie };
}

async function logIn(page: Page, email: string): Promise<void> {
  await page.goto(`${own.server.url}/login`);
  await browser.waitForIslands(page);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/members');
}

/** The "New messages" → "E-mail" switch on /notifications. */
const messageMailSwitch = (page: Page) =>
  page.getByRole('group', { name: 'New messages' }).getByRole('switch', { name: 'E-mail' });

/** Opens /notifications as `email`, sets message mails, and closes the browser again (no open stream left). */
async function setMessageMails(email: string, on: boolean, shots = false): Promise<void> {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await logIn(page, email);
  await page.goto(`${own.server.url}/notifications`);
  await browser.waitForIslands(page);
  await expect.poll(() => messageMailSwitch(page).isVisible(), { timeout: 10_000 }).toBe(true);
  if (shots) {
    // Push on this browser: once the service worker is ready, an honest "off" switch (no permission asked yet).
    const push = page.getByTestId('push-browser');
    await expect.poll(() => push.textContent(), { timeout: 20_000 }).not.toContain('Checking');
    expect(await push.getByRole('switch', { name: 'Push notifications on this browser' }).isChecked()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shotBoth(page, 'settings');
    await shotBoth(page, 'settings-push', () => push.evaluate((el) => el.scrollIntoView({ block: 'center' })));
  }
  if ((await messageMailSwitch(page).isChecked()) !== on) await messageMailSwitch(page).click();
  await expect.poll(() => page.getByTestId('notify-status').textContent()).toBe('Saved');
  expect(await messageMailSwitch(page).isChecked()).toBe(on);
  await page.context().close();
  // The member counts as away once the server has noticed the page's event stream closed and
  // dropped its presence row (the stream's close drops it before it stops counting as open);
  // until then a message rightly brings no mail.
  await expect.poll(() => serverGauge('amora_event_streams_open'), { timeout: 20_000 }).toBe(0);
}

/** Screenshots `notifications-{name}` at 390 and 1280 px. */
async function shotBoth(page: Page, name: string, arrange?: () => Promise<unknown>) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await arrange?.();
    await browser.screenshot(page, `notifications-${name}`);
  }
}

describe('notification settings and message mails', () => {
  it('opt out → no mail; opt in → one mail for a burst; the mail unsubscribes without login', async () => {
    const stamp = Date.now();
    const annaEmail = `anna-${stamp}@example.com`;
    const benEmail = `ben-${stamp}@example.com`;
    const anna = await signUp(annaEmail, 'Anna', false);
    const ben = await signUp(benEmail, 'Ben', true);
    const chat = await api(`/api/chat.php?profile=${ben.id}`, { cookie: anna.cookie });
    expect(chat.status).toBe(200);
    const conversation = ((await chat.json()) as { id: number }).id;
    const send = async (text: string) => {
      const sent = await api('/api/messages.php', {
        method: 'POST',
        cookie: anna.cookie,
        body: JSON.stringify({ conversation, text }),
      });
      expect(sent.status).toBe(200);
    };
    const benMail = () => mailsTo(benEmail).filter((mail) => mail.subject === 'Anna sent you a message on Amora');

    // Ben turns message mails off: Anna's messages bring no mail.
    await setMessageMails(benEmail, false, true);
    await send(`${SECRET_TEXT} 1`);
    await send(`${SECRET_TEXT} 2`);
    await outboxSettled();
    expect(benMail()).toHaveLength(0);

    // On again: a burst of three brings exactly one mail.
    await setMessageMails(benEmail, true);
    await Promise.all([1, 2, 3].map((n) => send(`${SECRET_TEXT} burst ${n}`)));
    await expect.poll(() => benMail().length, { timeout: 15_000 }).toBe(1);
    await outboxSettled();
    expect(benMail()).toHaveLength(1);
    const mail = benMail()[0]!;
    expect(mail.text).toContain(`/chats/${conversation}`);
    expect(`${mail.text} ${mail.html}`).not.toContain('lighthouse');
    expect(mail.headers.find((h) => h.key === 'list-unsubscribe-post')?.value).toBe('List-Unsubscribe=One-Click');
    const mailed = new URL(/<([^>]+)>/.exec(mail.headers.find((h) => h.key === 'list-unsubscribe')!.value)![1]!);
    // Mail links use the site's public host; here the same path on the test own.server.
    const link = `${own.server.url}${mailed.pathname}${mailed.search}`;

    // A changed signature is refused and changes nothing.
    const forged = await api(`${mailed.pathname}${mailed.search.replace(/s=./, 's=A')}x`, { method: 'POST' });
    expect(forged.status).toBe(400);

    // Logged out: the link asks, the button turns message mails off.
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(link);
    const panel = page.getByTestId('unsubscribe');
    expect(await panel.getAttribute('data-state')).toBe('confirm');
    expect(await panel.textContent()).toContain('E-mails about new messages on Amora');
    await shotBoth(page, 'unsubscribe');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect.poll(() => panel.getAttribute('data-state')).toBe('done');
    await shotBoth(page, 'unsubscribed');
    await page.getByRole('link', { name: 'Notification settings' }).click();
    await page.waitForURL('**/login**');
    await page.getByLabel('E-mail address').fill(benEmail);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/notifications');
    await browser.waitForIslands(page);
    await expect.poll(() => messageMailSwitch(page).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await messageMailSwitch(page).isChecked()).toBe(false);
    expect(
      await page.getByRole('group', { name: 'New likes' }).getByRole('switch', { name: 'E-mail' }).isChecked(),
    ).toBe(true);
    await shotBoth(page, 'after-unsubscribe');
  });
});
